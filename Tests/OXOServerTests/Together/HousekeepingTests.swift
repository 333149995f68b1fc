import Foundation
import OXOClient
import OXOProtocol
@testable import OXOCore
@testable import OXOAccounts
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer
import SQLKit
import Testing

@Suite("Housekeeping on a timer")
struct HousekeepingTests {
    @Test func anOpenGameNobodyJoinsExpiresAndIsRemoved() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let lobby = try await bob.connect(following: [.lobby])
            _ = try await lobby.updates { if case .snapshot = $0 { true } else { false } }
            let open = try await alice.createGame(side: .x)
            try await server.advance(clock, by: 29 * 60)
            #expect(try await bob.openGames().games.map(\.id) == [open.id])

            try await server.advance(clock, by: 61)
            let expired = try await lobby.event(on: .lobby) { $0.kind == .gameFinished }
            #expect(expired.game?.id == open.id)
            #expect(expired.game?.result?.reason == .expired)
            #expect(try await bob.openGames().games.isEmpty)
            #expect(await refusal { try await bob.join(open.id) } == .gameNotFound)
            await lobby.close()
        }
    }

    @Test func nothingStalePilesUpOnceTheTimersHaveRun() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let aliceLive = try await alice.goOnline(), bobLive = try await bob.goOnline()
            // An open game, an unanswered challenge, a player waiting for a random game,
            // a game a player left, and the connection of a process that died.
            _ = try await alice.createGame(side: .x, listed: false)
            _ = try await alice.challenge(try await bob.id())
            let left = try await bob.join(try await alice.createGame(side: .o).id)
            #expect(try await bob.playRandom().state == .waiting)
            try await Self.insertSocket(of: try await alice.id(), process: UUID(), at: clock.clock.now, into: server)
            // And a process that stopped confirming itself, with a socket of carol's.
            let stopped = UUID(), carol = try await server.player("carol")
            try await Self.insertSocket(of: try await carol.id(), process: stopped, at: clock.clock.now, into: server)
            try await server.app.db.sql.insert(into: "server_processes").columns("process_id", "seen_at")
                .values(SQLBind(stopped), SQLBind(clock.clock.now)).run()
            #expect(try await server.count("presence") == 4)
            await bobLive.close()
            try await within {
                while try await server.count("match_queue") > 0 { try await Task.sleep(for: .milliseconds(20)) }
            }

            // Long enough for every lifetime: the open game's 30 minutes is the longest.
            for _ in 0..<4 { try await server.advance(clock, by: 10 * 60) }
            #expect(try await server.count("presence") == 1, "alice's one real socket")
            #expect(try await server.count("server_processes") == 1, "this process, which confirms itself")
            #expect(try await server.count("challenges") == 0, "expired, then forgotten")
            #expect(try await server.count("match_queue") == 0)
            #expect(try await server.count("games") == 1, "the open one removed; the left one settled and kept as history")
            #expect(try await alice.game(left.id).result?.reason == .abandoned)
            #expect(try await server.count("game_watchers") == 0)
            // One row a job at most: the clock timer's appears only once a game ran out of time.
            #expect(try await server.count("housekeeping_jobs") == Housekeeper.Job.onMainTimer.count)
            await aliceLive.close()
        }
    }

    /// A socket's presence row as `process` wrote it, as if that process still held it.
    private static func insertSocket(of user: UserID, process: UUID, at time: Date, into server: TestServer) async throws {
        try await server.app.db.sql.insert(into: "presence")
            .columns("connection_id", "user_id", "process_id", "connected_at", "seen_at")
            .values(SQLBind(UUID()), SQLBind(user.rawValue), SQLBind(process), SQLBind(time), SQLBind(time))
            .run()
    }

    @Test func aProcessConfirmsItsSocketsWithOneRowAndTheyStayOnline() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let sockets = [try await alice.goOnline(), try await alice.goOnline(), try await bob.goOnline()]
            let madeAt = try await server.app.db.sql.raw("SELECT MAX(seen_at) AS t FROM presence").first()?.decode(column: "t", as: Date.self)
            for _ in 0..<6 { try await server.advance(clock, by: 60) }
            #expect(try await server.count("presence") == 3)
            #expect(try await server.count("server_processes") == 1)
            let rowsNow = try await server.app.db.sql.raw("SELECT MAX(seen_at) AS t FROM presence").first()?.decode(column: "t", as: Date.self)
            #expect(rowsNow == madeAt, "the sockets' rows are not written again")
            #expect(try await bob.profile(of: try await alice.id()).online)
            for socket in sockets { await socket.close() }
        }
    }

    /// Housekeeping looks for expired sessions and guests every five seconds,
    /// on the writer: it must find them by index, not by reading every row kept.
    @Test(.enabled(if: TestStorage.postgresURL == nil, "SQLite's query plans"))
    func expiredRowsAreFoundByIndexNotByReadingThemAll() async throws {
        try await withServer { server in
            let now = Date()
            let deletions: [(SQLQueryString, String)] = [
                ("DELETE FROM sessions WHERE last_used_at < \(bind: now)", "sessions_by_last_use"),
                ("DELETE FROM users WHERE email LIKE \(PlayerNames.guestEmails) AND created_at < \(bind: now)", "guests_by_age"),
            ]
            for (deletion, index) in deletions {
                let plan = try await server.app.db.sql.raw("EXPLAIN QUERY PLAN " + deletion).all()
                    .map { try $0.decode(column: "detail", as: String.self) }
                #expect(plan.contains { $0.contains("INDEX \(index)") }, "\(plan)")
            }
        }
    }

    @Test func expiredSessionsAreDeleted() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            _ = try await alice.resign(game.id)
            #expect(try await server.count("sessions") == 2)
            try await server.advance(clock, by: 31 * 24 * 3600)
            #expect(try await server.count("sessions") == 0)
        }
    }
}

@Suite(
    "Housekeeping with two servers on one database",
    .enabled(if: TestStorage.postgresURL != nil, "set OXO_TEST_DATABASE_URL=postgres://… to run the many-process tests")
)
struct SharedHousekeepingTests {
    @Test func eachExpiryHappensOnceThoughBothServersRunTheTimer() async throws {
        let clock = ManualClock()
        let first = try await TestServer.start(clock: clock)
        let second = try await TestServer.start(clock: clock, storage: first.configuration.storage)
        do {
            let alice = try await first.player("alice"), bob = try await second.player("bob", port: second.port)
            let aliceLive = try await alice.goOnline(), bobLive = try await bob.goOnline()
            let challenge = try await alice.challenge(try await bob.id())
            let firstRuns = first.app.housekeeper.completedRuns, secondRuns = second.app.housekeeper.completedRuns
            clock.advance(by: 61)
            try await within {
                while first.app.housekeeper.completedRuns == firstRuns || second.app.housekeeper.completedRuns == secondRuns {
                    try await Task.sleep(for: .milliseconds(5))
                }
            }
            _ = try await aliceLive.event(on: try await alice.inboxTopic()) { $0.challenge?.state == .expired }
            let inbox = Topic.user(try await alice.id())
            let expiries = try await first.app.store.keptEvents(on: inbox, counting: { $0.payload.contains("expired") })
            #expect(expiries == 1)
            #expect(challenge.state == .pending)
            await aliceLive.close()
            await bobLive.close()
            try await second.stop()
            try await first.stop()
        } catch {
            try? await second.stop()
            try? await first.stop()
            throw error
        }
    }
}
