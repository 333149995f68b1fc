import Foundation
import OXOClient
import OXOCore
import OXOProtocol
@testable import OXOServer
import Testing

/// A clock that runs out while two server processes share one PostgreSQL database (and a
/// clock), both timers looking for games out of time: the game is ended once.
extension ManyProcessesTests {
    @Test func aClockRunningOutOnTwoServersEndsTheGameOnceWithinASecondOfZero() async throws {
        let clock = ManualClock()
        try await withTwoServers(clock: clock) { first, second in
            // Alice goes through the first server, Bob through the second, each watching there.
            let alice = try await first.player("alice"), bob = try await second.player("bob")
            var game = try await bob.join(try await alice.createGame(side: .x, timeControl: .clock(minutes: 1, increment: 0)).id)
            let topic = Topic.game(game.id)
            let watching = [try await alice.goOnline(following: [topic]), try await bob.goOnline(following: [topic])]
            game = try await alice.move(4, in: game)
            game = try await bob.move(0, in: game)
            game = try await alice.move(8, in: game)

            try await Self.bothTimersRun(on: first, second, after: 59.5, clock)
            #expect(try await bob.game(game.id).phase == .live, "half a second of O's minute is left")
            try await Self.bothTimersRun(on: first, second, after: 0.6, clock)
            for live in watching {
                let finished = try await live.event(on: topic) { $0.kind == .gameFinished }
                #expect(finished.game?.result == GameResult(winner: .x, reason: .timeout, line: nil))
                #expect(finished.game?.clock?.oMs == 0)
            }
            // Both timers look again, later: there is nothing left to end.
            try await Self.bothTimersRun(on: first, second, after: 5, clock)
            let finishes = try await first.app.store.keptEvents(on: topic, counting: { $0.payload.contains("game_finished") })
            #expect(finishes == 1, "one game_finished")
            for player in [alice, bob] {
                #expect(try await player.profile().ratingHistory.count == 1, "one rating change each")
            }
            for live in watching { await live.close() }
        }
    }

    /// Moves the shared clock on and returns once each server's clock timer ran after it.
    private static func bothTimersRun(on first: TestServer, _ second: TestServer, after seconds: TimeInterval,
                                      _ clock: ManualClock) async throws {
        let (firstRuns, secondRuns) = (first.app.housekeeper.completedClockRuns, second.app.housekeeper.completedClockRuns)
        clock.advance(by: seconds)
        try await within {
            while first.app.housekeeper.completedClockRuns == firstRuns || second.app.housekeeper.completedClockRuns == secondRuns {
                try await Task.sleep(for: .milliseconds(5))
            }
        }
    }
}
