import OXOAccounts
import OXOCore
import OXOProtocol
import Vapor

/// The signed-in user's own data: all of it as one download, and deleting the account.
package struct AccountDataRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        routes.on(Operations.exportAccount) { request in
            let user = try request.user
            try request.application.oxo[AccountExports.self].record(user.id.description)
            return try await Reply(AccountExporter(store: request.store).export(of: user, accounts: AccountService(request)))
        }
        routes.on(Operations.deleteAccount) { request in
            let user = try request.user
            // A guest, who has no password, may send no body at all.
            let body = try await request.body.collect(max: request.application.oxo.configuration.maxBodySize).get()
            let confirmation = try body.flatMap { $0.readableBytes > 0 ? $0 : nil }
                .map { try decodeClientJSON(DeleteAccountRequest.self, from: Data(buffer: $0)) }
            try await AccountService(request).confirmOwner(
                user, password: confirmation?.password,
                secondFactor: SecondFactorProof(totp: confirmation?.totp, recoveryCode: confirmation?.recoveryCode))
            try await AccountDeletion(store: request.store).delete(user.id.rawValue)
            return Response(status: .noContent)
        }
    }
}

/// Exports per user: each reads every table the user has rows in, so a few an hour.
enum AccountExports: ContextKey {
    static func make(_ configuration: ServerConfiguration) -> RateLimiter {
        RateLimiter(kind: "account_exports", limit: configuration.exportLimit, window: 3600, clock: configuration.clock)
    }
}
