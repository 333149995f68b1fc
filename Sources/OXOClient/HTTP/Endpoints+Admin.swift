import Foundation
import OXOProtocol

/// The moderators' operations, with the server's admin token as the bearer token.
extension Endpoints {
    static func reports() -> Endpoint<ReportList> {
        Endpoint(Operations.listReports)
    }

    static func moderatorDeleteMessage(_ id: ChatMessageID) -> Endpoint<ChatMessage> {
        Endpoint(Operations.moderatorDeleteMessage, id)
    }

    static func moderatorDeleteAccount(username: String) -> Endpoint<PlayerSummary> {
        Endpoint(Operations.moderatorDeleteAccount, username)
    }

    static func suspend(username: String) -> Endpoint<Suspension> {
        Endpoint(Operations.suspendAccount, username)
    }

    static func reinstate(username: String) -> Endpoint<Suspension> {
        Endpoint(Operations.reinstateAccount, username)
    }

    static func moderatorCancelTournament(_ id: TournamentID) -> Endpoint<Tournament> {
        Endpoint(Operations.moderatorCancelTournament, id)
    }

    static func createBot(_ request: CreateBotRequest) -> Endpoint<BotAccount> {
        Endpoint(Operations.createBot, body: request)
    }
}
