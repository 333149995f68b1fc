import Foundation
import OXOClient
import OXOProtocol
import OXOCore
import OXOAccounts
import OXOPlay
import OXOSocial
import OXOServer
import Testing

@Suite("Notifications")
struct NotificationTests {
    @Test func yourTurnIsStoredOnlyWhenNoSocketOfThePlayerFollowsTheGame() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            var game = try await bob.join(try await alice.createGame(side: .x).id)
            // Bob looks at the game: no notification for Alice's first move.
            let looking = try await bob.connect(following: [.game(game.id)])
            _ = try await looking.updates { if case .snapshot = $0 { true } else { false } }
            game = try await alice.move(0, in: game)
            #expect(try await bob.notifications().notifications.isEmpty)
            await looking.close()
            try await within { while try await server.count("presence") > 0 { try await Task.sleep(for: .milliseconds(10)) } }

            // Now nobody of his follows it: he is told, once per game until he reads it.
            game = try await bob.move(4, in: game)
            game = try await alice.move(1, in: game)
            let told = try await bob.notifications()
            #expect(told.notifications.map(\.kind) == [.yourTurn] && told.unread == 1)
            #expect(told.notifications.first?.game == game.id && told.notifications.first?.actor?.username == "alice")
            game = try await bob.move(2, in: game)
            game = try await alice.move(6, in: game)
            #expect(try await bob.notifications().notifications.count == 1)
            // Once read, the next turn is told again.
            try await bob.markAllRead()
            game = try await bob.move(3, in: game)
            _ = try await alice.move(5, in: game)
            let again = try await bob.notifications()
            #expect(again.notifications.count == 2 && again.unread == 1)
        }
    }

    @Test func challengesRematchesAndFollowersAreToldLiveReadAndMuted() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let bobLive = try await bob.goOnline(), aliceLive = try await alice.goOnline()
            let bobInbox = try await bob.inboxTopic()
            let challenge = try await alice.challenge(try await bob.id())
            let received = try await bobLive.event(on: bobInbox) { $0.kind == .notificationAdded }
            #expect(received.notification?.kind == .challengeReceived && received.notification?.challenge == challenge.id)

            let game = try await bob.join(try await alice.createGame(side: .x).id)
            _ = try await alice.resign(game.id)
            _ = try await alice.offerRematch(game.id)
            let rematch = try await bobLive.event(on: bobInbox) { $0.notification?.kind == .rematchOffered }
            #expect(rematch.notification?.game == game.id && rematch.notification?.actor?.username == "alice")

            let page = try await bob.notifications()
            #expect(page.unread == 2 && page.notifications.map(\.kind) == [.rematchOffered, .challengeReceived])
            let one = try await bob.markRead(try #require(page.notifications.last?.id))
            #expect(one.unread == 1)
            let read = try await bobLive.event(on: bobInbox) { $0.kind == .notificationsRead }
            #expect(read.read == one)
            #expect(try await bob.markAllRead().unread == 0)
            #expect(try await bob.notifications().notifications.allSatisfy(\.read))

            // Muted kinds are not stored at all.
            #expect(try await bob.notificationSettings().muted.isEmpty)
            #expect(try await bob.setNotificationSettings(NotificationSettings(muted: [.newFollower, .newFollower])).muted == [.newFollower])
            try await alice.follow(try await bob.id())
            #expect(try await bob.notifications().notifications.count == 2)
            await bobLive.close()
            await aliceLive.close()
        }
    }

    @Test func notificationsAreKeptThirtyDays() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            try await alice.follow(try await bob.id())
            try await server.advance(clock, by: 29 * 24 * 3600)
            #expect(try await bob.notifications().notifications.count == 1)
            try await server.advance(clock, by: 2 * 24 * 3600)
            #expect(try await bob.notifications().notifications.isEmpty)
        }
    }
}
