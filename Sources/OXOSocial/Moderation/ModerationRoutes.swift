import Crypto
import OXOCore
import OXOProtocol
import Vapor

/// The moderators' routes under `/v1/admin`, for `oxo admin`: open only with the token the
/// server was started with (`--admin-token` or `OXO_ADMIN_TOKEN`); without one they are
/// closed to everyone.
package struct ModerationRoutes {
    package init() {}

    package func register(_ app: Application) {
        let admin = app.grouped("v1", "admin").grouped(AdminAuthentication(token: app.oxo.configuration.adminToken))
        admin.get("reports") { request in
            try await Reply(ModerationService(store: request.store).reports())
        }
        admin.delete("messages", ":messageID") { request in
            try await Reply(ModerationService(store: request.store).deleteMessage(request.parameter("messageID", as: ChatMessageID.self)))
        }
        admin.put("users", ":username", "suspension") { request in
            try await Reply(ModerationService(store: request.store).setSuspended(request.parameters.get("username") ?? "", true))
        }
        admin.delete("users", ":username", "suspension") { request in
            try await Reply(ModerationService(store: request.store).setSuspended(request.parameters.get("username") ?? "", false))
        }
    }
}

/// Lets a request through only with the moderators' token. Both sides are hashed before
/// they are compared, so the comparison takes as long whatever the guess.
struct AdminAuthentication: AsyncMiddleware {
    let token: String?

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let token, let given = request.bearerToken, SHA256.hash(data: Data(given.utf8)) == SHA256.hash(data: Data(token.utf8))
        else { throw APIError(.unauthorized, "This is for moderators: send 'Authorization: Bearer <the server's admin token>'.") }
        return try await next.respond(to: request)
    }
}
