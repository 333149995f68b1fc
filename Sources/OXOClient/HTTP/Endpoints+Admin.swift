import Foundation
import OXOProtocol

/// The moderators' operations, with the server's admin token as the bearer token.
extension Endpoints {
    static func reports() -> Endpoint<ReportList> {
        Endpoint(.GET, "v1", "admin", "reports")
    }

    static func moderatorDeleteMessage(_ id: ChatMessageID) -> Endpoint<ChatMessage> {
        Endpoint(.DELETE, "v1", "admin", "messages", id.description)
    }

    static func moderatorDeleteAccount(username: String) -> Endpoint<PlayerSummary> {
        Endpoint(.DELETE, "v1", "admin", "users", username)
    }

    static func suspend(username: String) -> Endpoint<Suspension> {
        Endpoint(.PUT, "v1", "admin", "users", username, "suspension")
    }

    static func reinstate(username: String) -> Endpoint<Suspension> {
        Endpoint(.DELETE, "v1", "admin", "users", username, "suspension")
    }

    static func createBot(_ request: CreateBotRequest) -> Endpoint<BotAccount> {
        Endpoint(.POST, "v1", "admin", "bots", body: request)
    }
}
