import Foundation
import OXOClient
import OXOProtocol
import OXOCore
import OXOAccounts
import OXOPlay
import OXOSocial
import OXOServer
import Testing

@Suite("A player's profile")
struct ProfileTests {
    @Test func showsWhoTheyAreWhatTheyPlayNowAndTheScoreWithTheViewer() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob"), carol = try await server.player("carol")
            try await alice.beat(bob)
            try await bob.draw(with: alice)
            let live = try await alice.startGame(against: carol)
            let privateGame = try await alice.createGame(side: .o, listed: false)

            let seenByBob = try await bob.profile(of: try await alice.id())
            #expect(seenByBob.player.username == "alice" && !seenByBob.guest)
            #expect(seenByBob.joinedAt == clock.clock.now)
            #expect(seenByBob.record == PlayerRecord(won: 1, lost: 0, drawn: 1))
            #expect(seenByBob.series == Series(opponent: seenByBob.player, wins: 0, losses: 1, draws: 1))
            #expect(seenByBob.currentGames.map(\.id) == [live.id], "a private game is found only by its code")
            #expect(!seenByBob.online && seenByBob.lastSeenAt == nil, "never connected")

            let own = try await alice.profile()
            #expect(own.series == nil)
            #expect(Set(own.currentGames.map(\.id)) == [live.id, privateGame.id])
            #expect(own.ratingHistory.count == 2)
        }
    }

    @Test func showsOnlineNowOrWhenLastSeen() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let aliceLive = try await alice.goOnline()
            let online = try await bob.profile(of: try await alice.id())
            #expect(online.online && online.lastSeenAt == nil)
            clock.advance(by: 90)
            let left = clock.clock.now
            await aliceLive.close()
            try await within {
                while try await bob.profile(of: try await alice.id()).online { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(try await bob.profile(of: try await alice.id()).lastSeenAt == left)
        }
    }

    @Test func anUnknownPlayerHasNoProfile() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            expectRefused(try await api.send(.GET, "/v1/users/{userID}/profile", ["userID": UUID().uuidString.lowercased()], token: alice.token),
                          404, .playerNotFound)
            expectRefused(try await api.send(.GET, "/v1/users/{userID}/profile", ["userID": "nope"], token: alice.token), 404, .notFound)
        }
    }
}
