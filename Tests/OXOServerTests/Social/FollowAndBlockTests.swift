import Foundation
import OXOClient
import OXOProtocol
import Testing

@Suite("Follows and blocks")
struct FollowAndBlockTests {
    @Test func followingIsOneWayPagedAndToldOnce() async throws {
        try await withServer { server in
            let star = try await server.player("star")
            var fans: [OXOClient] = []
            for index in 0..<3 { fans.append(try await server.player("fan\(index)")) }
            let starID = try await star.id()
            for fan in fans {
                try await fan.follow(starID)
                try await fan.follow(starID)
            }
            #expect(try await star.notifications().notifications.filter { $0.kind == .newFollower }.count == 3)
            let first = try await star.followers(of: starID, limit: 2)
            #expect(first.players.map(\.username) == ["fan2", "fan1"] && first.nextCursor != nil)
            let second = try await fans[0].followers(of: starID, cursor: first.nextCursor, limit: 2)
            #expect(second.players.map(\.username) == ["fan0"] && second.nextCursor == nil)
            #expect(try await star.following(of: starID).players.isEmpty)
            #expect(try await fans[0].following(of: try await fans[0].id()).players.map(\.username) == ["star"])
            let relation = try await star.relation(with: try await fans[1].id())
            #expect(relation.followedBy && !relation.following && !relation.blocked && relation.friend == nil)

            try await fans[1].unfollow(starID)
            #expect(try await star.followers(of: starID).players.map(\.username) == ["fan2", "fan0"])
            #expect(await refusal { try await star.follow(starID) } == .invalidRequest)
            #expect(await refusal { try await star.followers(of: UserID(rawValue: UUID())) } == .playerNotFound)
        }
    }

    @Test func playRandomNeverPairsPlayersABlockHidesFromEachOther() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob"), carol = try await server.player("carol")
            let lives = [try await alice.goOnline(), try await bob.goOnline(), try await carol.goOnline()]
            try await bob.block(try await alice.id())
            _ = try await alice.createGame(side: .x)  // an open game of hers Bob is not seated in
            #expect(try await bob.playRandom().state == .waiting, "not seated in her open game")
            #expect(try await alice.playRandom().state == .waiting, "not paired with Bob, who waits")
            #expect(try await server.count("match_queue") == 2)
            #expect(try await carol.playRandom().state == .matched, "anyone else is paired as before")
            for live in lives { await live.close() }
        }
    }

    @Test(arguments: 0..<3)
    func aBlockRacingARequestAndAFollowLeavesNoTieBehindIt(round: Int) async throws {
        try await withServer { server in
            let alice = try await server.player("alice\(round)"), bob = try await server.player("bob\(round)")
            let aliceID = try await alice.id()
            let outcomes = await concurrently(0..<3) { step -> Void in
                switch step {
                case 0: try await alice.block(try await bob.id())
                case 1: try await bob.befriend(username: "alice\(round)")
                default: try await bob.follow(aliceID)
                }
            }
            #expect(outcomes[0].isSuccess, "the block always succeeds")
            for outcome in outcomes.dropFirst() where !outcome.isSuccess {
                #expect(refusalCode(outcome) == .blocked)
            }
            #expect(try await server.count("friendships") == 0)
            #expect(try await server.count("follows") == 0)
        }
    }

    @Test func aBlockEndsEveryTieRefusesEveryReachAndHidesBothFromEachOther() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let aliceID = try await alice.id(), bobID = try await bob.id()
            let aliceLive = try await alice.goOnline(), bobLive = try await bob.goOnline()
            _ = try await alice.befriend(username: "bob")
            _ = try await bob.acceptFriendship(from: aliceID)
            try await alice.follow(bobID)
            try await bob.follow(aliceID)
            let bobsGame = try await bob.createGame(side: .x)
            let alicesGame = try await alice.createGame(side: .x)

            try await bob.block(aliceID)
            let hidden = try await aliceLive.event(on: try await alice.inboxTopic()) { $0.kind == .hiddenChanged }
            #expect(hidden.hidden == [bobID])
            #expect(try await alice.friends().friends.isEmpty)
            #expect(try await alice.followers(of: bobID).players.isEmpty)
            #expect(try await bob.followers(of: aliceID).players.isEmpty)
            #expect(try await bob.blocks().blocked.map(\.username) == ["alice"])
            #expect(try await alice.blocks() == BlockList(blocked: [], hidden: [bobID]))
            #expect(try await bob.relation(with: aliceID).blocked)

            // Neither can reach the other, whoever blocked.
            for (actor, target, name) in [(alice, bobID, "bob"), (bob, aliceID, "alice")] {
                #expect(await refusal { try await actor.challenge(target) } == .blocked)
                #expect(await refusal { try await actor.befriend(username: name) } == .blocked)
                #expect(await refusal { try await actor.follow(target) } == .blocked)
            }
            // Neither sees the other online or in the lobby.
            #expect(try await alice.onlinePlayers().players.map(\.player.username) == ["alice"])
            #expect(try await bob.onlinePlayers().players.map(\.player.username) == ["bob"])
            #expect(try await alice.openGames().games.map(\.id) == [alicesGame.id])
            #expect(try await bob.openGames().games.map(\.id) == [bobsGame.id])
            let carol = try await server.player("carol")
            #expect(Set(try await carol.openGames().games.map(\.id)) == [alicesGame.id, bobsGame.id])
            let presence = try await alice.connect(following: [.presence, .lobby])
            let snapshots = try await presence.updates {
                if case .snapshot(.lobby, _, _) = $0 { true } else { false }
            }
            for case .snapshot(let topic, _, let snapshot) in snapshots {
                if topic == .presence { #expect(snapshot.online?.map(\.player.username) == ["alice"]) }
                if topic == .lobby { #expect(snapshot.open?.map(\.id) == [alicesGame.id]) }
            }

            try await bob.unblock(aliceID)
            #expect(try await alice.blocks().hidden.isEmpty)
            try await alice.follow(bobID)
            await presence.close()
            await aliceLive.close()
            await bobLive.close()
        }
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
