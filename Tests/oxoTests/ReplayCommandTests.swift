import Foundation
import OXOClient
import OXOProtocol
import Testing
import TicTacToe

@Suite("oxo replay: a finished game from a server, as notation or with verdicts")
struct ReplayCommandTests {
    /// A server with a game Alice (X) won against Bob, whose reply on an edge lost it.
    static func finishedGame(on server: ServeProcess) async throws -> (game: GameView, aliceToken: String) {
        let url = URL(string: server.url)!
        let alice = try await OXOClient.register(username: "alice", email: "alice@example.org", password: "password-alice", at: url)
        let bob = try await OXOClient.register(username: "bob", email: "bob@example.org", password: "password-bob", at: url)
        var game = try await alice.createGame(side: .x)
        game = try await bob.join(game.id)
        for (index, cell) in [4, 1, 0, 8, 6, 3, 2].enumerated() {
            game = try await (index.isMultiple(of: 2) ? alice : bob).move(cell, in: game)
        }
        return (game, try #require(await alice.token))
    }

    @Test func itPrintsTheNotationWithATokenAndTheVerdictsWithAPassword() async throws {
        let server = try await ServeProcess()
        defer { server.stop() }
        let (game, token) = try await Self.finishedGame(on: server)

        let plain = try await OXOProcess.run(["replay", "\(game.id)", "--url", server.url], environment: ["OXO_TOKEN": token])
        #expect(plain.status == 0, "\(plain)")
        #expect(plain.output.hasPrefix("# OXO game \(game.id)\n# X: alice\n# O: bob\n# Result: X won by a line\n"), "\(plain)")
        #expect(plain.output.hasSuffix("1. b2 X\n2. b1 O\n3. a1 X\n4. c3 O\n5. a3 X\n6. a2 O\n7. c1 X\n"), "\(plain)")
        #expect(try Notation.parse(plain.output).moves.map(\.index) == [4, 1, 0, 8, 6, 3, 2], "\(plain)")

        let judged = try await OXOProcess.run(["replay", "\(game.id)", "--url", server.url, "--login", "alice", "--verdicts"],
                                        environment: ["OXO_PASSWORD": "password-alice", "OXO_TOKEN": ""])
        #expect(judged.status == 0, "\(judged)")
        #expect(judged.output.contains("\n1. b2 X  best\n2. b1 O  mistake (best: a1 c1 a3 c3)\n"), "\(judged)")
        #expect(judged.output.hasSuffix("7. c1 X  best\n"), "\(judged)")
        // The same header, the end to the millisecond, as the plain notation's.
        let header = { (output: String) in output.split(separator: "\n").filter { $0.hasPrefix("#") } }
        #expect(header(judged.output) == header(plain.output), "\(judged)\n\(plain)")
    }

    @Test func aGameStillBeingPlayedOrAWrongTokenIsReportedWithoutUsage() async throws {
        let server = try await ServeProcess()
        defer { server.stop() }
        let (_, token) = try await Self.finishedGame(on: server)
        let alice = OXOClient(baseURL: URL(string: server.url)!, token: token)
        let open = try await alice.createGame(side: .x)

        let unfinished = try await OXOProcess.run(["replay", "\(open.id)", "--url", server.url, "--token", token])
        #expect(unfinished.status != 0 && unfinished.output.isEmpty, "\(unfinished)")
        #expect(unfinished.errors.contains("game_not_finished") && !unfinished.errors.contains("USAGE"), "\(unfinished)")
        let wrongToken = try await OXOProcess.run(["replay", "\(open.id)", "--url", server.url, "--token", "nonsense"])
        #expect(wrongToken.status != 0 && wrongToken.errors.contains("unauthorized"), "\(wrongToken)")
        // One session token in 64 begins with a dash: it is still taken as the token.
        let dashed = try await OXOProcess.run(["replay", "\(open.id)", "--url", server.url, "--token", "-nonsense"])
        #expect(dashed.status != 0 && dashed.errors.contains("unauthorized"), "\(dashed)")
    }

    @Test func helpExplainsSigningInTheNotationAndTheVerdicts() async throws {
        let help = try await OXOProcess.run(["replay", "--help"])
        for text in ["--url", "--token", "OXO_TOKEN", "--login", "OXO_PASSWORD", "--verdicts", "1. b2 X", "mistake", "neutral"] {
            #expect(help.output.contains(text), "help mentions \(text): \(help)")
        }
        #expect(help.status == 0, "\(help)")
    }

    @Test func withoutAWayToSignInOrWithABadIdItSaysWhatIsMissing() async throws {
        let unsigned = try await OXOProcess.run(["replay", "\(UUID())"], environment: ["OXO_TOKEN": "", "OXO_PASSWORD": ""])
        #expect(unsigned.status != 0 && unsigned.errors.contains("--token"), "\(unsigned)")
        let badID = try await OXOProcess.run(["replay", "K7QX3M", "--token", "t"])
        #expect(badID.status != 0 && badID.errors.contains("not a game id"), "\(badID)")
    }
}
