import Fluent
import Foundation
import NIOConcurrencyHelpers
import OXOProtocol
import Testing
import Vapor

/// More requests at once than the database's connections serve (a reconnect storm, a node's
/// players all coming back through the balancer) wait for a connection, but not without
/// end: past `databaseWait` a request is answered `503 storage_unavailable` with
/// `Retry-After`, which a client takes as "send it again", never a 500.
@Suite("A request the database cannot take in time")
struct DatabaseWaitTests {
    @Test func waitsUpToTheLimitThenIsAnswered503WithRetryAfterAndTheNextIsServed() async throws {
        try await withServer(adjust: {
            // Long enough for the reads before it on a loaded machine: they have the same
            // deadline (`PostgresReadDeadline`).
            $0.databaseWait = .seconds(1)
            $0.postgresConnectionsPerLoop = 1
        }) { server in
            let api = RawHTTP(baseURL: server.baseURL)
            let token = try await api.register("alice")
            let loops = Array(server.app.eventLoopGroup.makeIterator())
            let holding = NIOLockedValueBox(0), released = NIOLockedValueBox(false)
            // Every event loop's one connection, held by something slow.
            let holders = Task {
                await withTaskGroup(of: Void.self) { group in
                    for loop in loops {
                        guard let database = server.app.databases.database(logger: server.app.logger, on: loop) else { continue }
                        group.addTask {
                            try? await database.withConnection { _ in
                                holding.withLockedValue { $0 += 1 }
                                while !released.withLockedValue({ $0 }) { try? await Task.sleep(for: .milliseconds(5)) }
                            }
                        }
                    }
                }
            }
            try await within { while holding.withLockedValue({ $0 }) < loops.count { try await Task.sleep(for: .milliseconds(5)) } }

            let started = ContinuousClock.now
            let refused = try await api.send(.GET, "/v1/me", token: token)
            let waited = started.duration(to: .now)
            expectRefused(refused, 503, .storageUnavailable)
            #expect(refused.headers.first(name: "Retry-After") == "1")
            #expect(waited >= .seconds(1), "it waited for a connection first")

            released.withLockedValue { $0 = true }
            await holders.value
            #expect(try await api.send(.GET, "/v1/me", token: token).status == 200)
        }
    }
}
