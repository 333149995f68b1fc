import Foundation
import OXOClient
import OXOProtocol
@testable import OXOAccounts
@testable import OXOCore
@testable import OXOPlay
@testable import OXOServer
import Testing

/// Bots are rated among themselves: a person's rating is never moved by a bot, unless the
/// operator rates them together.
@Suite("Bots' ratings")
struct BotRatingTests {
    /// A bot plays only games with a clock.
    static let clock = TimeControl.clock(minutes: 5, increment: 0)

    @Test func aGameBetweenAPersonAndABotCountsInTheRecordsButMovesNoRating() async throws {
        try await withServer(adjust: { $0.adminToken = BotAccountTests.adminToken }) { server in
            let alice = try await server.player("alice"), robot = try await server.bot("robot")
            try await alice.beat(robot, timeControl: Self.clock)
            try await robot.beat(alice, timeControl: Self.clock)
            for player in [alice, robot] {
                let profile = try await player.profile()
                #expect(profile.record == PlayerRecord(won: 1, lost: 1, drawn: 0))
                #expect(profile.rating.value == 1500 && profile.rating.deviation == 350, "\(profile.player.username)")
            }
            #expect(try await alice.leaderboard(by: .weeklyWins).rows.isEmpty, "beating a bot wins nothing this week")
        }
    }

    @Test func botsAreRatedAgainstBots() async throws {
        try await withServer(adjust: { $0.adminToken = BotAccountTests.adminToken }) { server in
            let robot = try await server.bot("robot"), droid = try await server.bot("droid")
            try await robot.beat(droid, timeControl: Self.clock)
            #expect(try await robot.profile().rating.value > 1500)
            #expect(try await droid.profile().rating.value < 1500)
        }
    }

    @Test func theOperatorMayRateBotsWithPeople() async throws {
        try await withServer(adjust: { $0.adminToken = BotAccountTests.adminToken; $0.botsRatedWithPeople = true }) { server in
            let alice = try await server.player("alice"), robot = try await server.bot("robot")
            try await robot.beat(alice, timeControl: Self.clock)
            #expect(try await alice.profile().rating.value < 1500)
            #expect(try await robot.profile().rating.value > 1500)
        }
    }

    @Test(arguments: [false, true])
    func thePoolOfEveryPairOfKinds(botsRatedWithPeople: Bool) {
        let pool = { (x: AccountKind, o: AccountKind) in RatingPool.of(x, o, botsRatedWithPeople: botsRatedWithPeople) }
        #expect(pool(.person, .person) == .people)
        for kind in [AccountKind.person, .guest, .bot] {
            #expect(pool(.guest, kind) == nil && pool(kind, .guest) == nil, "a guest rates nobody")
        }
        #expect(pool(.bot, .bot) == (botsRatedWithPeople ? .people : .bots))
        #expect(pool(.person, .bot) == (botsRatedWithPeople ? .people : nil))
        #expect(pool(.bot, .person) == pool(.person, .bot))
    }
}

extension TestServer {
    /// A bot's account made through the admin route (the server needs `BotAccountTests.adminToken`),
    /// signed in with the password the server told.
    func bot(_ name: String) async throws -> OXOClient {
        let admin = OXOClient(baseURL: URL(string: baseURL)!, token: BotAccountTests.adminToken)
        let account = try await admin.createBot(username: name)
        return try await OXOClient.login(name, password: account.password, at: URL(string: baseURL)!)
    }
}
