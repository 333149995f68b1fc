import ArgumentParser
import Foundation
import OXOClient
import OXOProtocol
import TicTacToe

/// `oxo replay`: a finished game from a server, in the text notation or with the solver's
/// verdict on every move.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Print a finished game's moves in the text notation, or with the solver's verdicts.",
        discussion: """
            Asks an OXO server for a finished game and prints it in the text notation: \
            a header of lines that start with "#" (the game, who played X and O, the \
            result, when it ended), then one move a line: its number, its cell and its \
            mark, such as "1. b2 X". Columns are a–c from the left and rows 1–3 from the \
            top, so a1 is the top-left corner and c3 the bottom-right.

            With --verdicts each move line also says what the solver makes of it: best \
            (nothing better was there), neutral (it kept the win, draw or loss but was \
            slower to win or quicker to lose than the best) or mistake (it threw away a \
            win or a draw), and for a move that was not best, the best cells.

            Any signed-in user may read any finished game. Sign in with a session token \
            (--token or OXO_TOKEN), or with --login and the password in OXO_PASSWORD.

            Examples:
              OXO_TOKEN=… oxo replay 3f2b8c1e-5d4a-4e6b-9a7c-2d1e0f9b8a76
              OXO_PASSWORD=… oxo replay 3f2b8c1e-5d4a-4e6b-9a7c-2d1e0f9b8a76 --login alice --verdicts
              oxo replay 3f2b8c1e-… --url https://oxo.example.org --token … > game.txt
            """
    )

    @Argument(help: ArgumentHelp("The finished game's id.", valueName: "game-id"))
    var game: String

    @Flag(help: "Add the solver's verdict to every move (best, neutral or mistake).")
    var verdicts = false

    @Option(help: ArgumentHelp("The server's address (default: OXO_URL, else http://127.0.0.1:8080).", valueName: "url"))
    var url: String?

    // A session token is base64url: one in 64 begins with a dash, which `.unconditional`
    // takes as the value rather than as an option.
    @Option(parsing: .unconditional, help: ArgumentHelp("A session token (default: OXO_TOKEN).", valueName: "token"))
    var token: String?

    @Option(help: ArgumentHelp("Sign in as this username or e-mail address, with the password in OXO_PASSWORD.",
                               valueName: "name"))
    var login: String?

    func validate() throws {
        guard GameID(game) != nil else { throw ValidationError("'\(game)' is not a game id; a game id is a UUID.") }
        guard URL(string: serverAddress)?.host != nil else { throw ValidationError("--url must be like http://127.0.0.1:8080.") }
        if login != nil, environment("OXO_PASSWORD") == nil {
            throw ValidationError("--login needs the password in the OXO_PASSWORD environment variable.")
        }
        if login == nil, (token ?? environment("OXO_TOKEN")) == nil {
            throw ValidationError("Sign in first: pass --token (or set OXO_TOKEN), or --login with OXO_PASSWORD.")
        }
    }

    func run() async throws {
        let id = GameID(game)!
        do {
            let client = try await signedInClient()
            let notation = try await client.notation(of: id)
            print(verdicts ? Self.withVerdicts(notation, try await client.replay(of: id)) : notation, terminator: "")
        } catch let error as APIError {
            // A refusal is the answer, not a misuse of the command: no usage after it.
            FileHandle.standardError.write(Data("oxo replay: \(error.message) (\(error.code.rawValue))\n".utf8))
            throw ExitCode.failure
        } catch let error as OXOClientError {
            FileHandle.standardError.write(Data("oxo replay: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }

    private var serverAddress: String { url ?? environment("OXO_URL") ?? "http://127.0.0.1:8080" }

    private func signedInClient() async throws -> OXOClient {
        let server = URL(string: serverAddress)!
        if let login, let password = environment("OXO_PASSWORD") {
            return try await OXOClient.login(login, password: password, at: server)
        }
        return OXOClient(baseURL: server, token: token ?? environment("OXO_TOKEN"))
    }

    /// The server's notation as it is, each move's line with its verdict beside it: the
    /// header is the server's own, so both forms say the same of the game, to the millisecond.
    static func withVerdicts(_ notation: String, _ replay: Replay) -> String {
        let judged = Dictionary(replay.moves.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        return notation.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let number = Int(line.prefix { $0.isNumber }), line.dropFirst("\(number)".count).hasPrefix("."),
                  let move = judged[number] else { return String(line) }
            let best = move.verdict == .best ? "" : " (best: \(move.bestCells.map { CellName.name(of: $0, in: replay.game.variant) }.joined(separator: " ")))"
            return "\(line)  \(move.verdict.rawValue)\(best)"
        }.joined(separator: "\n")
    }

    private func environment(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
