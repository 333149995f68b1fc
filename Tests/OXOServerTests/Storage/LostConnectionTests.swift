import Foundation
import NIOConcurrencyHelpers
@testable import OXOCore
import OXOProtocol
import SQLKit
import Testing

/// A change whose PostgreSQL connection is lost under it (its server killed in a failover,
/// its session ended) is answered `database_unavailable` at once, for the client to send it
/// again, and the writer goes on: it never waits for an answer that cannot come.
@Suite(
    "A change whose connection is lost",
    .enabled(if: TestStorage.postgresURL != nil, "set OXO_TEST_DATABASE_URL=postgres://… to run the lost-connection tests")
)
struct LostConnectionTests {
    @Test func isAnsweredDatabaseUnavailableAndTheNextChangeCommits() async throws {
        try await withServer { server in
            let store = server.app.store
            let outcome = NIOLockedValueBox<Result<Void, any Error>?>(nil)
            // Not awaited here: a change that is never answered must fail the test, not hang it.
            Task {
                do {
                    try await store.change { change in
                        // The session ends under the statement. The change goes on a moment
                        // after hearing of it, as one does on a busy machine, so that the
                        // connection is closed by the time the transaction is ended: it once
                        // sent ROLLBACK there, which was never answered, and waited for ever.
                        do {
                            _ = try await change.sql.raw("SELECT pg_terminate_backend(pg_backend_pid())").all()
                        } catch {
                            try await Task.sleep(for: .milliseconds(200))
                            throw error
                        }
                    }
                    outcome.withLockedValue { $0 = .success(()) }
                } catch {
                    outcome.withLockedValue { $0 = .failure(error) }
                }
            }
            let deadline = ContinuousClock.now + .seconds(10)
            while outcome.withLockedValue({ $0 }) == nil, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            let answer = try #require(outcome.withLockedValue { $0 }, "the change is answered within 10 s")
            guard case .failure(let error) = answer else { Issue.record("a change on a lost connection cannot commit"); return }
            #expect(ErrorResponder.apiError(for: error).code == .databaseUnavailable, "\(String(reflecting: error))")

            let one = try await store.change { change in
                try await change.sql.raw("SELECT 1 AS one").first()?.decode(column: "one", as: Int.self)
            }
            #expect(one == 1, "the next change gets a connection that works")
        }
    }

    /// A transaction still not over at `databaseWait` (its statement written to a connection
    /// that closed, and never answered) is given up: its connection closed, its changes
    /// answered `database_unavailable` at once.
    @Test func aTransactionPastTheDatabaseWaitIsAnsweredDatabaseUnavailable() async throws {
        try await withServer(adjust: { $0.databaseWait = .milliseconds(1500) }) { server in
            let store = server.app.store
            let started = ContinuousClock.now
            let error = await #expect(throws: (any Error).self) {
                try await store.change { change in _ = try await change.sql.raw("SELECT pg_sleep(5)").all() }
            }
            #expect(ContinuousClock.now - started < .seconds(4), "given up at the wait, not when the statement ends")
            #expect(error.map { ErrorResponder.apiError(for: $0).code } == .databaseUnavailable, "\(String(describing: error))")
            let one = try await store.change { change in
                try await change.sql.raw("SELECT 1 AS one").first()?.decode(column: "one", as: Int.self)
            }
            #expect(one == 1, "the next change gets a connection that works")
        }
    }

    /// A write refused by a server that cannot take writes (a standby reached during the
    /// failover, 25006) is answered `database_unavailable`, and its connection, its
    /// transaction aborted, is not handed to a later change: every one after it commits.
    @Test func aWriteRefusedAsOnAStandbyLeavesNoAbortedTransactionInThePool() async throws {
        try await withServer { server in
            let store = server.app.store
            let error = await #expect(throws: (any Error).self) {
                try await store.change { change in
                    try await change.sql.raw("SET TRANSACTION READ ONLY").run()
                    try await change.sql.raw("CREATE TEMPORARY TABLE refused (one int)").run()
                }
            }
            #expect(error.map { ErrorResponder.apiError(for: $0).code } == .databaseUnavailable, "\(String(describing: error))")
            for _ in 0..<20 {
                let one = try await store.change { change in
                    try await change.sql.raw("SELECT 1 AS one").first()?.decode(column: "one", as: Int.self)
                }
                #expect(one == 1, "a later change gets a connection that works")
            }
        }
    }

    /// A read through the pool not over at `databaseWait` (written to a connection that
    /// closed, and never answered) is given up the same way: its connection closed, the
    /// request answered `database_unavailable`, and the next read works.
    @Test func aReadPastTheDatabaseWaitIsAnsweredDatabaseUnavailable() async throws {
        try await withServer(adjust: { $0.databaseWait = .milliseconds(1500) }) { server in
            let sql = server.app.store.sql
            let started = ContinuousClock.now
            let error = await #expect(throws: (any Error).self) { _ = try await sql.raw("SELECT pg_sleep(5)").all() }
            #expect(ContinuousClock.now - started < .seconds(4), "given up at the wait, not when the statement ends")
            #expect(error.map { ErrorResponder.apiError(for: $0).code } == .databaseUnavailable, "\(String(describing: error))")
            let one = try await sql.raw("SELECT 1 AS one").first()?.decode(column: "one", as: Int.self)
            #expect(one == 1, "the next read gets a connection that works")
        }
    }
}
