import Foundation
import OXOClient
import OXOProtocol
@testable import OXOServer
import Testing

/// A bot knows itself for one, and the leaderboard keeps bots on a board of their own, as
/// their ratings are a pool of their own.
@Suite("Bots on the leaderboard")
struct BotLeaderboardTests {
    @Test func aBotsOwnAccountSaysItIsABot() async throws {
        try await withServer(adjust: { $0.adminToken = BotAccountTests.adminToken }) { server in
            let api = try await DocumentedClient.of(server)
            let robot = try await server.bot("robot"), alice = try await server.player("alice")
            let mine = try await api.send(.GET, "/v1/me", token: await robot.token)
            #expect(String(decoding: mine.body, as: UTF8.self).contains(#""bot":true"#))
            #expect(try await robot.me().bot)
            let hers = try await api.send(.GET, "/v1/me", token: await alice.token)
            #expect(!String(decoding: hers.body, as: UTF8.self).contains(#""bot""#), "a person's account leaves it out")
            #expect(try await alice.me().bot == false)
        }
    }

    @Test func peopleAndBotsHaveABoardEach() async throws {
        try await withServer(adjust: { $0.adminToken = BotAccountTests.adminToken }) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let robot = try await server.bot("robot"), droid = try await server.bot("droid")
            try await server.establish(alice, at: 1600)
            try await server.establish(robot, at: 1900)
            try await server.establish(droid, at: 1800)
            let people = try await bob.leaderboard()
            #expect(people.rows.map(\.player.username) == ["alice"])
            #expect(people.rows.map(\.rank) == [1], "bots ahead of her do not push her down")
            let bots = try await bob.leaderboard(players: .bots)
            #expect(bots.rows.map(\.player.username) == ["robot", "droid"])
            #expect(bots.rows.allSatisfy { $0.player.bot })
            #expect(try await robot.leaderboard().me == nil, "a bot is not on the people's board")
            #expect(try await droid.leaderboard(players: .bots).me?.rank == 2)

            let token = await bob.token
            #expect(try await api.send(.GET, "/v1/leaderboard", query: "?players=bots&by=weekly_wins", token: token).status == 200)
            expectRefused(try await api.send(.GET, "/v1/leaderboard", query: "?players=robots", token: token), 400, .invalidRequest)
        }
    }

    @Test func botsRatedWithPeopleAreRankedWithThem() async throws {
        try await withServer(adjust: { $0.adminToken = BotAccountTests.adminToken; $0.botsRatedWithPeople = true }) { server in
            let alice = try await server.player("alice"), robot = try await server.bot("robot")
            try await server.establish(alice, at: 1600)
            try await server.establish(robot, at: 1900)
            #expect(try await alice.leaderboard().rows.map(\.player.username) == ["robot", "alice"])
            #expect(try await alice.leaderboard(players: .bots).rows.map(\.player.username) == ["robot"])
        }
    }
}
