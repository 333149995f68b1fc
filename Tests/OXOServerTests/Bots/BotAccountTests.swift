import Foundation
import OXOClient
import OXOProtocol
@testable import OXOCore
@testable import OXOServer
import Testing

/// Bots' accounts: made by an operator, never by registering, and marked wherever a player is shown.
@Suite("Bot accounts")
struct BotAccountTests {
    static let adminToken = String(repeating: "b", count: ServerConfiguration.minimumAdminTokenLength)
    /// The route that makes a bot, every documented answer of which the tests here see.
    static let creation = OpenAPISpec.Operation(method: "POST", path: "/v1/admin/bots")

    @Test func anOperatorMakesABotThatSignsInWithTheToldPasswordAndIsMarkedEverywhereItIsShown() async throws {
        try await withServer(adjust: { $0.adminToken = Self.adminToken }) { server in
            let api = try await DocumentedClient.of(server)
            let made = try await api.send(.POST, "/v1/admin/bots", token: Self.adminToken,
                                          body: #"{"username":"robot","display_name":"Robot"}"#)
            #expect(made.status == 201)
            let account = try Wire.decoder.decode(BotAccount.self, from: made.body)
            #expect(account.player.bot && account.player.displayName == "Robot")
            #expect(String(decoding: made.body, as: UTF8.self).contains(#""bot":true"#))

            let bot = try await OXOClient.login("robot", password: account.password, at: URL(string: server.baseURL)!)
            let alice = try await server.player("alice")
            let botOnline = try await bot.goOnline()
            #expect(try await alice.onlinePlayers().players.first { $0.player.username == "robot" }?.player.bot == true)
            #expect(try await alice.profile(of: account.player.id).player.bot)

            // A bot plays only games with a clock: a casual one it may not join.
            let casual = try await alice.createGame(side: .x)
            #expect(await refusal { try await bot.join(casual.id) } == .invalidTimeControl)
            let game = try await bot.join(try await alice.createGame(side: .x, timeControl: .clock(minutes: 5, increment: 0)).id)
            #expect(game.o?.player?.bot == true && game.x?.player?.bot == false)
            try await server.establish(bot, at: 1700)
            #expect(try await alice.leaderboard(players: .bots).rows.first { $0.player.id == account.player.id }?.player.bot == true)
            await botOnline.close()
        }
    }

    @Test func registeringNeverMakesABot() async throws {
        try await withServer(adjust: { $0.adminToken = Self.adminToken }) { server in
            let api = try await DocumentedClient.of(server)
            let registered = try await api.send(.POST, "/v1/accounts",
                                                body: #"{"username":"sneaky","email":"sneaky@example.org","password":"password-1","bot":true}"#)
            #expect(registered.status == 201)
            #expect(!String(decoding: registered.body, as: UTF8.self).contains(#""bot""#))
            let asBot = try await api.send(.POST, "/v1/accounts",
                                           body: #"{"username":"sneaky2","email":"sneaky2@bot.invalid","password":"password-1"}"#)
            expectRefused(asBot, 400, .invalidEmail, "a bot's kind of address")
            expectRefused(try await api.send(.POST, "/v1/admin/bots", body: #"{"username":"robot"}"#), 401, .unauthorized)
            expectRefused(try await api.send(.POST, "/v1/admin/bots", token: "guess", body: #"{"username":"robot"}"#), 401, .unauthorized)
        }
    }

    @Test func aBotNeedsAFreeAndValidNameAndEveryDocumentedAnswerHappens() async throws {
        try await withServer(adjust: { $0.adminToken = Self.adminToken }) { server in
            let api = try await DocumentedClient.of(server)
            _ = try await server.player("alice")
            expectRefused(try await api.send(.POST, "/v1/admin/bots", token: Self.adminToken, body: #"{"username":"Alice"}"#),
                          409, .usernameTaken)
            expectRefused(try await api.send(.POST, "/v1/admin/bots", token: Self.adminToken, body: #"{"username":"r b"}"#),
                          400, .invalidUsername)
            expectRefused(try await api.send(.POST, "/v1/admin/bots", token: Self.adminToken,
                                             body: #"{"username":"robot","display_name":"  "}"#), 400, .invalidDisplayName)
            expectRefused(try await api.send(.POST, "/v1/admin/bots", token: Self.adminToken, body: #"{"name":"robot"}"#),
                          400, .invalidRequest)
            let tooLong = "{\"username\":\"robot\",\"display_name\":\"\(String(repeating: "x", count: 20_000))\"}"
            expectRefused(try await api.send(.POST, "/v1/admin/bots", token: Self.adminToken, body: tooLong), 413, .payloadTooLarge)
            #expect(try await api.send(.POST, "/v1/admin/bots", token: Self.adminToken, body: #"{"username":"robot"}"#).status == 201)
            // Wrong admin tokens are limited per address, as for every admin route.
            for _ in 0..<server.configuration.adminGuessLimit {
                expectRefused(try await api.send(.POST, "/v1/admin/bots", token: "wrong", body: #"{"username":"droid"}"#),
                              401, .unauthorized)
            }
            expectRefused(try await api.send(.POST, "/v1/admin/bots", token: Self.adminToken, body: #"{"username":"droid"}"#),
                          429, .rateLimited)

            let documented = Set((api.spec.definition(of: Self.creation)?["responses"]?.object ?? [:]).keys)
            let seen = Set(api.transcript.filter { $0.operation == Self.creation }.map { "\($0.answer.status)" })
            #expect(documented == seen, "documented: \(documented.sorted()), seen: \(seen.sorted())")
        }
    }

    @Test func noOpponentHoldsABotWithAGameWithoutAClock() async throws {
        try await withServer(adjust: { $0.adminToken = Self.adminToken }) { server in
            let api = try await DocumentedClient.of(server)
            let account = try await api.send(.POST, "/v1/admin/bots", token: Self.adminToken, body: #"{"username":"robot"}"#)
                .decode(BotAccount.self)
            let bot = try await OXOClient.login("robot", password: account.password, at: URL(string: server.baseURL)!)
            let botOnline = try await bot.goOnline()
            let alice = try await server.player("alice")
            // Casual and correspondence would let an opponent who never moves keep the bot.
            for control in [TimeControl.casual, TimeControl(kind: .correspondence, daysPerMove: 3)] {
                #expect(await refusal { try await alice.challenge(account.player.id, timeControl: control) } == .invalidTimeControl)
            }
            #expect(await refusal { try await bot.playRandom() } == .invalidTimeControl)
            #expect(await refusal { try await bot.createGame(side: .x) } == .invalidTimeControl)
            #expect(try await alice.challenge(account.player.id, timeControl: .clock(minutes: 3, increment: 2)).state == .pending)
            await botOnline.close()
        }
    }
}
