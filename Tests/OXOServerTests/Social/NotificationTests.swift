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
    @Test func yourTurnIsListedFromTheGamesUntilThePlayerMoves() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            var game = try await bob.join(try await alice.createGame(side: .x).id)
            // Nobody moved yet: nobody's news, though it is Alice's move.
            #expect(try await alice.notifications().notifications.isEmpty)
            game = try await alice.move(0, in: game)
            let told = try await bob.notifications()
            #expect(told.notifications.map(\.kind) == [.yourTurn] && told.unread == 1)
            let entry = try #require(told.notifications.first)
            #expect(entry.game == game.id && entry.id.rawValue == game.id.rawValue && entry.actor?.username == "alice")
            #expect(try await alice.notifications().notifications.isEmpty)
            // It goes when he moves, and Alice's comes.
            game = try await bob.move(4, in: game)
            #expect(try await bob.notifications() == NotificationPage(notifications: [], unread: 0, nextCursor: nil))
            #expect(try await alice.notifications().notifications.map(\.game) == [game.id])
            // Read, it stays read for this turn; the opponent's next move makes it news again.
            #expect(try await alice.markRead(NotificationID(rawValue: game.id.rawValue)).unread == 0)
            let read = try await alice.notifications()
            #expect(read.unread == 0 && read.notifications.map(\.read) == [true])
            game = try await alice.move(1, in: game)
            #expect(try await bob.markAllRead().unread == 0)
            game = try await bob.move(2, in: game)
            #expect(try await alice.notifications().unread == 1)
            // A move stores no notification; reading one stores the turn it was read at.
            #expect(try await server.count("notifications") == 0)
            #expect(try await server.count("your_turns_read") == 2)
            // Switched off, none is listed; the game's end takes it away.
            _ = try await alice.setNotificationSettings(NotificationSettings(muted: [.yourTurn]))
            #expect(try await alice.notifications().notifications.isEmpty)
            _ = try await alice.setNotificationSettings(NotificationSettings(muted: []))
            _ = try await alice.resign(game.id)
            #expect(try await alice.notifications().notifications.isEmpty)
            #expect(try await bob.notifications().notifications.isEmpty)
            #expect(try await bob.markAllRead().unread == 0)
            #expect(try await server.count("your_turns_read") == 1)
        }
    }

    @Test func yourTurnFromAPlayerHiddenByABlockIsNotListed() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            _ = try await alice.move(0, in: game)
            #expect(try await bob.notifications().unread == 1)
            try await bob.block(try await alice.id())
            #expect(try await bob.notifications() == NotificationPage(notifications: [], unread: 0, nextCursor: nil))
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
