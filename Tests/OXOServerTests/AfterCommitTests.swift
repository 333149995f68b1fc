import Foundation
import NIOConcurrencyHelpers
@testable import OXOCore
@testable import OXOSocial
@testable import OXOServer
import Testing

/// What the server keeps in memory beside the database (the moves of live games) is
/// changed by a change's `afterCommit` actions, which must run once for each change that
/// committed and never for one that did not.
@Suite("After-commit actions follow the commit")
struct AfterCommitTests {
    struct Refused: Error {}

    @Test func eachCommittedChangeRunsItsActionsOnceAndAFailedOneNever() async throws {
        // A connection for each change on PostgreSQL: queued for the two of a test server,
        // they could wait past the pool's timeout while the suites start their servers.
        try await withServer(adjust: { $0.postgresConnectionsPerLoop = 10 }) { server in
            let store = server.app.store
            let ran = NIOLockedValueBox<[Int]>([]), attempts = NIOLockedValueBox(0), submitted = NIOLockedValueBox(0)
            let holding = NIOLockedValueBox(false)
            let failing = 10
            @Sendable func allSubmitted(_ count: Int) async throws {
                try await within { while submitted.withLockedValue({ $0 }) < count { try await Task.sleep(for: .milliseconds(1)) } }
                // From being counted to waiting in the writer's queue takes a few steps.
                try await Task.sleep(for: .milliseconds(300))
            }
            @Sendable func change(_ index: Int) async {
                submitted.withLockedValue { $0 += 1 }
                _ = try? await store.change { change in
                    attempts.withLockedValue { $0 += 1 }
                    change.afterCommit { ran.withLockedValue { $0.append(index) } }
                    // Holds the writer until the others wait behind it, so that they share
                    // the next transaction with the one that fails.
                    if index == 0 {
                        holding.withLockedValue { $0 = true }
                        try await allSubmitted(20)
                    }
                    _ = try await change.sql.raw("SELECT 1 AS one").all()
                    if index == failing { throw Refused() }
                }
            }
            async let first: Void = change(0)
            try await within { while !holding.withLockedValue({ $0 }) { try await Task.sleep(for: .milliseconds(1)) } }
            await withTaskGroup(of: Void.self) { group in
                for index in 1..<20 where index != failing { group.addTask { await change(index) } }
                // Queued after the others, so that its failure rolls back changes that ran before it.
                try? await allSubmitted(19)
                group.addTask { await change(failing) }
            }
            await first
            #expect(ran.withLockedValue { $0.sorted() } == (0..<20).filter { $0 != failing })
            if server.app.store.sql.isSQLite {
                // The failure rolled its group back and the others ran again: the actions
                // of their first, rolled-back run did not count.
                #expect(attempts.withLockedValue { $0 } > 20)
            }
        }
    }
}
