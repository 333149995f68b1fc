import Foundation
import OXOClient
import OXOProtocol
import Testing

@Suite("Friends")
struct FriendTests {
    @Test func aRequestIsNotifiedAcceptedAndBothSeeEachOtherOnlineWithOpenGamesFirst() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let aliceLive = try await alice.goOnline(), bobLive = try await bob.goOnline()
            let aliceInbox = try await alice.inboxTopic(), bobInbox = try await bob.inboxTopic()

            let asked = try await alice.befriend(username: "BOB")
            #expect(asked.state == .outgoing && asked.player.username == "bob")
            let request = try await bobLive.event(on: bobInbox) { $0.kind == .notificationAdded }
            #expect(request.notification?.kind == .friendRequest && request.notification?.actor?.username == "alice")
            #expect(try await bob.friends().incoming.map(\.player.username) == ["alice"])
            #expect(try await alice.friends().outgoing.map(\.player.username) == ["bob"])

            let accepted = try await bob.acceptFriendship(from: try await alice.id())
            #expect(accepted.state == .friends)
            let told = try await aliceLive.event(on: aliceInbox) { $0.kind == .notificationAdded }
            #expect(told.notification?.kind == .friendAccepted && told.notification?.actor?.username == "bob")

            // Alice's open game is on Bob's friends list, and first in his lobby.
            let someone = try await server.player("carol")
            _ = try await someone.createGame(side: .x)
            let open = try await alice.createGame(side: .x)
            let friends = try await bob.friends().friends
            #expect(friends.map(\.player.username) == ["alice"])
            #expect(friends.first?.status == .lobby && friends.first?.openGames.map(\.id) == [open.id])
            let lobby = try await bob.connect(following: [.lobby])
            let snapshot = try await lobby.updates { if case .snapshot(.lobby, _, _) = $0 { true } else { false } }
            guard case .snapshot(_, _, let shown) = snapshot.last else { throw TimedOut(seconds: 0) }
            #expect(shown.open?.first?.id == open.id && shown.open?.count == 2)

            // Her presence reaches Bob on his own inbox when she goes.
            await aliceLive.close()
            let gone = try await bobLive.event(on: bobInbox) { $0.presence?.player.username == "alice" }
            #expect(gone.presence?.status == .offline)
            #expect(try await bob.friends().friends.first?.status == .offline)
            await lobby.close()
            await bobLive.close()
        }
    }

    @Test func askingBackAcceptsAndRemovingEndsIt() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            _ = try await alice.befriend(username: "bob")
            #expect(try await bob.befriend(username: "alice").state == .friends)
            #expect(try await alice.relation(with: try await bob.id()).friend == .friends)
            try await bob.removeFriendship(with: try await alice.id())
            #expect(try await alice.friends().friends.isEmpty)
            #expect(await refusal { try await bob.removeFriendship(with: try await alice.id()) } == .friendRequestNotFound)
            #expect(await refusal { try await alice.befriend(username: "nobody") } == .playerNotFound)
            #expect(await refusal { try await alice.befriend(username: "alice") } == .invalidRequest)
            #expect(await refusal { try await alice.acceptFriendship(from: try await bob.id()) } == .friendRequestNotFound)
        }
    }

    @Test func aFriendsNewNameShowsTheOldOneUntilSeen() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), samuel = try await server.player("samuel")
            _ = try await samuel.updateDisplayName("Samuel")
            _ = try await alice.befriend(username: "samuel")
            _ = try await samuel.acceptFriendship(from: try await alice.id())
            #expect(try await alice.friends().friends.first?.previousDisplayName == nil)

            let samuelLive = try await samuel.goOnline()
            _ = try await samuel.updateDisplayName("Sam")
            let renamed = try await samuelLive.event(on: try await samuel.inboxTopic()) { $0.kind == .playerRenamed }
            #expect(renamed.renamedPlayer?.displayName == "Sam", "the player's own clients hear the new name")
            await samuelLive.close()
            let friend = try #require(try await alice.friends().friends.first)
            #expect(friend.player.displayName == "Sam" && friend.previousDisplayName == "Samuel")
            let told = try await alice.notifications().notifications.first
            #expect(told?.kind == .friendRenamed && told?.previousDisplayName == "Samuel")
            #expect(try await samuel.friends().friends.first?.previousDisplayName == nil, "only the others are told")

            try await alice.markNameSeen(of: try await samuel.id())
            #expect(try await alice.friends().friends.first?.previousDisplayName == nil)
        }
    }

    @Test(arguments: 0..<3)
    func twoPlayersAskingEachOtherAtOnceBecomeFriendsOnce(round: Int) async throws {
        try await withServer { server in
            let alice = try await server.player("alice\(round)"), bob = try await server.player("bob\(round)")
            let asks = await concurrently([(alice, "bob\(round)"), (bob, "alice\(round)")]) { try await $0.0.befriend(username: $0.1) }
            let states = asks.compactMap { try? $0.get().state }
            #expect(states.count == 2, "both are answered: \(asks)")
            #expect(states.contains(.friends), "the second to land accepts the first: \(states)")
            #expect(try await server.count("friendships") == 1)
            #expect(try await alice.friends().friends.count == 1)
            #expect(try await bob.friends().friends.count == 1)
        }
    }

    @Test func aRequestAcceptedManyTimesAtOnceMakesOneFriendshipToldOnce() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            _ = try await alice.befriend(username: "bob")
            let aliceID = try await alice.id()
            let accepts = await concurrently(0..<10) { _ in try await bob.acceptFriendship(from: aliceID) }
            #expect(accepts.allSatisfy { (try? $0.get().state) == .friends }, "\(accepts)")
            #expect(try await server.count("friendships") == 1)
            let told = try await alice.notifications().notifications.filter { $0.kind == .friendAccepted }
            #expect(told.count == 1)
        }
    }
}
