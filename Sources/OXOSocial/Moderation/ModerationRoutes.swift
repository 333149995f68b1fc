import Crypto
import OXOAccounts
import OXOCore
import OXOPlay
import OXOProtocol
import Vapor

/// The moderators' routes under `/v1/admin`, for `oxo admin`: open only with the token the
/// server was started with (`--admin-token` or `OXO_ADMIN_TOKEN`); without one they are
/// closed to everyone.
package struct ModerationRoutes {
    package init() {}

    package func register(_ app: Application) {
        let admin = app.grouped(AdminAuthentication(token: app.oxo.configuration.adminToken))
        admin.on(Operations.listReports) { request in
            try await Reply(ModerationService(store: request.store).reports())
        }
        admin.on(Operations.moderatorDeleteMessage) { request in
            try await Reply(ModerationService(store: request.store).deleteMessage(request.parameter("messageID", as: ChatMessageID.self)))
        }
        admin.on(Operations.suspendAccount) { request in
            try await Reply(ModerationService(store: request.store).setSuspended(request.parameters.get("username") ?? "", true))
        }
        admin.on(Operations.moderatorDeleteAccount) { request in
            try await Reply(ModerationService(store: request.store).deleteAccount(request.parameters.get("username") ?? ""))
        }
        admin.on(Operations.reinstateAccount) { request in
            try await Reply(ModerationService(store: request.store).setSuspended(request.parameters.get("username") ?? "", false))
        }
        admin.on(Operations.moderatorCancelTournament) { request in
            try await Reply(TournamentService(store: request.store).cancelAsModerator(request.parameter("tournamentID", as: TournamentID.self)))
        }
        admin.on(Operations.createBot) { request in
            try await Reply(AccountService(request).createBot(request.decode(CreateBotRequest.self)), status: .created)
        }
    }
}

/// Lets a request through only with the moderators' token. Both sides are hashed before
/// they are compared, so the comparison takes as long whatever the guess. Wrong tokens are
/// counted per client address, as failed sign-ins are: past the limit an address is
/// refused `rate_limited` whatever it sends, so guessing is slow.
package struct AdminAuthentication: AsyncMiddleware {
    let token: String?

    package init(token: String?) {
        self.token = token
    }

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let refusal = APIError(.unauthorized, "This is for moderators: send 'Authorization: Bearer <the server's admin token>'.")
        // Without a token there is nothing to guess, and nothing to count.
        guard let token else { throw refusal }
        let guesses = request.application.oxo[AdminGuesses.self]
        let address = request.clientAddress
        try guesses.checkRoom(for: address)
        guard let given = request.bearerToken, SHA256.hash(data: Data(given.utf8)) == SHA256.hash(data: Data(token.utf8)) else {
            if request.bearerToken != nil { try guesses.record(address) }
            throw refusal
        }
        return try await next.respond(to: request)
    }
}

/// `configure` refuses an admin token shorter than a random one would be.
public struct WeakAdminToken: Error, CustomStringConvertible {
    package init() {}

    public var description: String {
        "The admin token must be at least \(ServerConfiguration.minimumAdminTokenLength) characters."
    }
}
