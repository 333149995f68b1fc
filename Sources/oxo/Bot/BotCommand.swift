import ArgumentParser
import Foundation
import OXOClient
import OXOProtocol
import TicTacToe

/// `oxo bot`: a computer player that signs in to a bot's account and plays anyone who
/// challenges it.
struct BotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bot",
        abstract: "Run a computer player on a server: it shows as online, accepts challenges and plays them.",
        discussion: """
            The bot signs in to a bot's account, made by an operator with `oxo admin bot create` \
            (which prints the password), or uses a personal access token with the `bot` scope of an \
            account its player turned into a bot (POST /v1/me/bot; --token or OXO_BOT_TOKEN). It plays \
            through the API's streams of JSON lines (docs/PROTOCOL.md, "Streams"), \
            appears in the online list marked as a bot, accepts every challenge (only \
            games with a clock can be offered to a bot, so that no opponent holds it for long) while \
            it plays fewer than --games games, declines the rest, and with --random also \
            waits for Play random (on a 3+2 clock). With --variant it plays only those boards (one \
            --variant each; every board when left out): it declines challenges of the others, and \
            waits for Play random on the first one named. It answers each move after --delay seconds, so that it \
            feels like a person; 0 answers at once. If the server restarts, it reconnects \
            and carries on with its games.

            Ctrl-C stops it taking new games; it finishes the games it has within \
            --finish-within seconds and resigns those still going then. A second Ctrl-C \
            resigns them at once.

            Examples:
              OXO_ADMIN_TOKEN=… oxo admin bot create robot      (prints robot's OXO_BOT_PASSWORD)
              OXO_BOT_PASSWORD=… oxo bot --name robot --level perfect
              OXO_ADMIN_TOKEN=… oxo admin bot create easybot --url https://oxo.example
              OXO_BOT_PASSWORD=… oxo bot --server https://oxo.example --name easybot --level easy --random --games 3
              OXO_BOT_PASSWORD=… oxo bot --name gomokubot --level medium --variant gomoku --random
              OXO_BOT_TOKEN=oxo_pat_… oxo bot --server https://oxo.example --level hard --variant four
            """
    )

    @OptionGroup var server: ServerOption

    @Option(help: ArgumentHelp("The bot's username, to sign in with its password.", valueName: "name"))
    var name: String?

    @Option(help: ArgumentHelp("A personal access token with the `bot` scope, instead of a name and password (default: OXO_BOT_TOKEN).",
                               valueName: "token"))
    var token: String?

    @Option(help: ArgumentHelp("The bot's password (default: OXO_BOT_PASSWORD, which stays out of the process list).", valueName: "password"))
    var password: String?

    @Option(help: ArgumentHelp("How well it plays.", valueName: "level"))
    var level: Level = .perfect

    @Option(help: ArgumentHelp("A board it plays; repeat for more (every board when left out).", valueName: "variant"))
    var variant: [Variant] = []

    @Flag(help: "Also wait for Play random, and again after each game.")
    var random = false

    @Option(help: ArgumentHelp("The most games it plays at once.", valueName: "n"))
    var games = 1

    @Option(help: ArgumentHelp("Seconds it waits before each move.", valueName: "seconds"))
    var delay = 1.0

    @Option(name: .customLong("finish-within"), help: ArgumentHelp("After Ctrl-C, seconds to finish its games before resigning them.", valueName: "seconds"))
    var finishWithin = 30.0

    func validate() throws {
        guard botToken != nil || name != nil else { throw ValidationError("Pass --name (with its password) or --token.") }
        guard botToken != nil || botPassword != nil else { throw ValidationError("Pass --password or set OXO_BOT_PASSWORD.") }
        guard games >= 1 else { throw ValidationError("--games must be at least 1.") }
        guard delay >= 0, finishWithin >= 0 else { throw ValidationError("--delay and --finish-within cannot be negative.") }
    }

    private var botPassword: String? {
        password ?? ProcessInfo.processInfo.environment["OXO_BOT_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
    }

    private var botToken: String? {
        token ?? ProcessInfo.processInfo.environment["OXO_BOT_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func run() async throws {
        guard #available(macOS 14.0, *) else { throw ValidationError("oxo bot needs macOS 14 or later.") }
        let client = try await signIn()
        let settings = BotSettings(level: level, variants: variant, joinsRandom: random, maximumGames: games,
                                   delay: .milliseconds(Int(delay * 1000)), finishWithin: .milliseconds(Int(finishWithin * 1000)))
        try await BotRunner(client: client, settings: settings).run()
    }

    private func signIn() async throws -> OXOClient {
        if let botToken { return OXOClient(baseURL: server.url, token: botToken) }
        let client = OXOClient(baseURL: server.url)
        try await client.login(name!, password: botPassword!)
        return client
    }
}

/// How a bot plays.
struct BotSettings {
    let level: Level
    /// The boards it plays; every one when empty. Play random waits on the first.
    let variants: [Variant]
    let joinsRandom: Bool
    let maximumGames: Int
    let delay: Duration
    let finishWithin: Duration

    func plays(_ variant: Variant) -> Bool { variants.isEmpty || variants.contains(variant) }
}
