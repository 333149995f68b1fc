import ArgumentParser
import Foundation
import OXOClient
import OXOProtocol

/// `oxo admin`: what an operator does beside `serve`. Moderation goes through a running
/// server started with an admin token, not the database, so a deleted message and a
/// suspension reach every open socket at once; a catalogue import writes the database.
struct AdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract: "Look after a server: list reported messages, delete a message, suspend, reinstate or delete an account, cancel a tournament, make a bot's account, import a catalogue of video games, back up and restore the data file, print the API's documents.",
        discussion: """
            Moderation and bot accounts talk to a server started with --admin-token (or OXO_ADMIN_TOKEN), with \
            the same token in OXO_ADMIN_TOKEN or --token here.

            Examples:
              OXO_ADMIN_TOKEN=… oxo admin reports
              OXO_ADMIN_TOKEN=… oxo admin delete-message 3f2b8c1e-5d4a-4e6b-9a7c-2d1e0f9b8a76
              OXO_ADMIN_TOKEN=… oxo admin suspend mallory
              OXO_ADMIN_TOKEN=… oxo admin reinstate mallory
              OXO_ADMIN_TOKEN=… oxo admin delete-account mallory
              OXO_ADMIN_TOKEN=… oxo admin cancel-tournament 5c0ffee0-1234-4cde-8f00-0123456789ab
              OXO_ADMIN_TOKEN=… oxo admin bot create robot
              oxo admin catalogue import games.jsonl
              oxo admin backup --to backup.sqlite
              oxo admin restore backup.sqlite
              oxo admin openapi --js > Sources/oxo/Public/js/paths.js
            """,
        subcommands: [Reports.self, DeleteMessage.self, Suspend.self, Reinstate.self, DeleteAccount.self, CancelTournament.self,
                      BotAdminCommand.self,
                      CatalogueAdminCommand.self, BackupCommand.self, RestoreCommand.self, OpenAPICommand.self]
    )

    struct Server: ParsableArguments {
        @Option(help: ArgumentHelp("The server's address (default: OXO_URL, else http://127.0.0.1:8080).", valueName: "url"))
        var url: String?

        // A token may begin with a dash; `.unconditional` takes it as the value, not as an option.
        @Option(parsing: .unconditional, help: ArgumentHelp("The server's admin token (default: OXO_ADMIN_TOKEN).", valueName: "token"))
        var token: String?

        func validate() throws {
            guard URL(string: address)?.host != nil else { throw ValidationError("--url must be like http://127.0.0.1:8080.") }
            guard adminToken != nil else { throw ValidationError("Pass --token or set OXO_ADMIN_TOKEN.") }
        }

        var address: String { url ?? environment("OXO_URL") ?? "http://127.0.0.1:8080" }
        var adminToken: String? { token ?? environment("OXO_ADMIN_TOKEN") }

        var client: OXOClient { OXOClient(baseURL: URL(string: address)!, token: adminToken) }

        private func environment(_ name: String) -> String? {
            ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    struct Reports: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List reported messages, newest first, as they were when reported.")
        @OptionGroup var server: Server

        func run() async throws {
            try await answering("reports") {
                for report in try await server.client.reports().reports { print(Self.line(report)) }
            }
        }

        /// One report a line: when, who reported whom, where, and what the message said.
        static func line(_ report: MessageReport) -> String {
            let said = [report.text.map { "\"\($0)\"" }, report.photo.map { "photo \($0)" }].compactMap { $0 }.joined(separator: " ")
            let reason = report.reason.map { " because \"\($0)\"" } ?? ""
            return "\(report.createdAt.formatted(.iso8601))  message \(report.message) in \(report.room)  "
                + "\(report.reporter.username) reported \(report.sender.username)\(reason): \(said.isEmpty ? "(nothing)" : said)"
        }
    }

    struct DeleteMessage: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete-message", abstract: "Delete a message; it shows as deleted to everyone.")
        @OptionGroup var server: Server
        @Argument(help: ArgumentHelp("The message's id.", valueName: "message-id")) var message: String

        func validate() throws {
            guard ChatMessageID(message) != nil else { throw ValidationError("'\(message)' is not a message id (a UUID).") }
        }

        func run() async throws {
            try await answering("delete-message") {
                let deleted = try await server.client.moderatorDeleteMessage(ChatMessageID(message)!)
                print("Deleted message \(deleted.id) of \(deleted.sender.username) in \(deleted.room).")
            }
        }
    }

    struct Suspend: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Suspend an account: it cannot sign in, and its sessions and sockets end.")
        @OptionGroup var server: Server
        @Argument(help: "The account's username.") var username: String

        func run() async throws {
            try await answering("suspend") {
                let suspension = try await server.client.suspend(username: username)
                print("Suspended \(suspension.player.username); its sessions are ended.")
            }
        }
    }

    struct Reinstate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Let a suspended account sign in again.")
        @OptionGroup var server: Server
        @Argument(help: "The account's username.") var username: String

        func run() async throws {
            try await answering("reinstate") {
                let suspension = try await server.client.reinstate(username: username)
                print("Reinstated \(suspension.player.username).")
            }
        }
    }
}

extension AdminCommand {
    struct DeleteAccount: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete-account",
            abstract: "Delete an account for good, as its owner would: live games resigned, messages, photos and ties removed, the name held for 30 days.")
        @OptionGroup var server: Server
        @Argument(help: "The account's username.") var username: String

        func run() async throws {
            try await answering("delete-account") {
                let deleted = try await server.client.moderatorDeleteAccount(username: username)
                print("Deleted the account of \(deleted.username); its sessions are ended.")
            }
        }
    }
}

extension AdminCommand {
    struct CancelTournament: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cancel-tournament",
            abstract: "Cancel anyone's tournament: nothing more is paired; games being played finish and count for ratings only.")
        @OptionGroup var server: Server
        @Argument(help: ArgumentHelp("The tournament's id (from its page's address).", valueName: "tournament-id")) var tournament: String

        func validate() throws {
            guard TournamentID(tournament) != nil else { throw ValidationError("'\(tournament)' is not a tournament id (a UUID).") }
        }

        func run() async throws {
            try await answering("cancel-tournament") {
                let cancelled = try await server.client.moderatorCancelTournament(TournamentID(tournament)!)
                print("Cancelled the tournament \"\(cancelled.name)\" of \(cancelled.creator.username).")
            }
        }
    }
}

/// Runs `work`, printing a refusal or a failure to reach the server in words and exiting
/// with failure: a refusal is the answer, not a misuse of the command.
func answering(_ command: String, _ work: () async throws -> Void) async throws {
    do {
        try await work()
    } catch let error as APIError {
        FileHandle.standardError.write(Data("oxo admin \(command): \(error.message) (\(error.code.rawValue))\n".utf8))
        throw ExitCode.failure
    } catch let error as OXOClientError {
        FileHandle.standardError.write(Data("oxo admin \(command): \(error)\n".utf8))
        throw ExitCode.failure
    }
}
