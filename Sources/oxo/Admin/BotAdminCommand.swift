import ArgumentParser
import OXOClient
import OXOProtocol

/// `oxo admin bot`: computer players' accounts, made through a running server with the
/// admin token, since registration never makes a bot.
struct BotAdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bot",
        abstract: "Computer players' accounts.",
        subcommands: [Create.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a bot's account and print the password `oxo bot` signs in with.",
            discussion: """
                The server makes the password up and keeps only its hash: it is printed this \
                once, as the OXO_BOT_PASSWORD line that `oxo bot` reads, so keep it where the bot runs.

                Example:
                  OXO_ADMIN_TOKEN=… oxo admin bot create robot --display-name "Robot (perfect)"
                """
        )
        @OptionGroup var server: AdminCommand.Server
        @Argument(help: "The bot's username: 3 to 20 ASCII letters, digits, '_' or '-'.") var username: String
        @Option(help: ArgumentHelp("The name shown (default: the username).", valueName: "name")) var displayName: String?

        func run() async throws {
            try await answering("bot create") {
                let bot = try await server.client.createBot(username: username, displayName: displayName)
                print("Made the bot \(bot.player.username). Its password, shown only now:")
                print("OXO_BOT_PASSWORD=\(bot.password)")
                print("Run it with: OXO_BOT_PASSWORD=… oxo bot --server \(server.address) --name \(bot.player.username) --level perfect")
            }
        }
    }
}
