import OXOCore
import OXOProtocol
import Vapor

/// Changing a password, resetting a forgotten one through a mailed link, and verifying an
/// address through one.
struct PasswordService {
    let store: Store
    let clientAddress: String
    let links: MailedLinks
    let logger: Logger

    init(_ request: Request) {
        store = request.store
        clientAddress = request.clientAddress
        links = MailedLinks(request)
        logger = request.logger
    }

    private var context: ServerContext { store.context }
    private var passwords: PasswordHashing { context.passwordHashing }
    private var limits: RateLimiter { context[MailedLinkLimits.self] }

    /// The current password is asked again, so that a device left signed in is not enough
    /// to take the account; every other session ends, this one stays.
    func change(_ user: AuthenticatedUser, _ body: ChangePasswordRequest) async throws {
        try AccountRules.checkPassword(body.newPassword)
        let attempts = context[PasswordChangeAttempts.self]
        try attempts.checkRoom(for: user.id.description)
        guard let record = try await store.database.sql.reads.accounts.user(user.id.rawValue) else {
            throw APIError(.unauthorized, "This account no longer exists.")
        }
        guard try await passwords.verify(body.currentPassword, created: record.passwordHash) else {
            try attempts.record(user.id.description)
            throw APIError(.wrongPassword, "That is not your current password.")
        }
        let hash = try await passwords.hash(body.newPassword)
        // With two-step sign-in on, a second factor too.
        let proof = SecondFactorProof(totp: body.totp, recoveryCode: body.recoveryCode)
        try await SecondFactorGate(store: store).require(proof, of: user.id.rawValue, refusing: SecondFactorGate.invalid)
        let endTokens = body.endAccessTokens ?? false
        guard try await store.change({ change in
            if endTokens { try await change.accessTokens.end(of: user.id.rawValue) }
            return try await change.accounts.setPassword(of: user.id.rawValue, to: hash, keeping: user.sessionID.rawValue)
        }) else {
            throw APIError(.unauthorized, "This account no longer exists.")
        }
    }

    /// Answers before anything is looked up: the answer, and its timing, are the same
    /// whether an account has the address or not. The look-up and the mail follow in the
    /// background; only a verified address is sent a link.
    func requestReset(_ body: PasswordResetRequest) throws {
        try AccountRules.checkEmail(body.email)
        let email = body.email.lowercased()
        try limits.record("client \(clientAddress)")
        try limits.record("email \(email)")
        let (store, links, logger, limits) = (store, links, logger, limits)
        Task {
            do {
                guard let user = try await store.database.sql.reads.accounts.user(email: email, verified: true) else { return }
                let id = user.id
                do { try limits.record("account \(id)") } catch {
                    logger.notice("password reset not mailed: too many for this account", metadata: ["user": "\(id)"])
                    return
                }
                let language = UserLanguage.read(user.language)
                try await store.change {
                    try await $0.accounts.mailPasswordReset(to: id, username: user.username, email: email, language: language, links: links)
                }
            } catch {
                logger.error("a password reset could not be queued", metadata: ["error": "\(String(reflecting: error))"])
            }
        }
    }

    /// Sets the new password and ends every session; the token is spent.
    func reset(_ body: ResetPasswordRequest) async throws {
        try AccountRules.checkPassword(body.password)
        guard try await AccountTokens.isLive(body.token, for: .passwordReset, on: store.sql, at: context.clock.now) else {
            throw Self.deadLink
        }
        let hash = try await passwords.hash(body.password)
        guard try await store.change({ try await $0.accounts.resetPassword(with: body.token, to: hash) }) else { throw Self.deadLink }
    }

    func verifyEmail(_ body: VerifyEmailRequest) async throws {
        guard try await store.change({ try await $0.accounts.verifyEmail(with: body.token) }) else { throw Self.deadLink }
    }

    /// Mails the signed-in user a new link to confirm their address.
    func mailVerification(to user: AuthenticatedUser) async throws {
        guard let record = try await store.database.sql.reads.accounts.user(user.id.rawValue) else {
            throw APIError(.unauthorized, "This account no longer exists.")
        }
        guard !AccountRules.isGuest(email: record.email) else {
            throw APIError(.invalidRequest, "A guest has no address to confirm; register first.")
        }
        guard record.emailVerifiedAt == nil else { throw APIError(.invalidRequest, "Your address is confirmed already.") }
        try limits.record("account \(user.id)")
        // An address another account holds is never confirmed here: the answer is the same,
        // and nothing is sent to it.
        guard record.pendingEmail == nil else { return }
        let (links, username, email, language) = (links, record.username, record.email, UserLanguage.read(record.language))
        try await store.change {
            try await $0.accounts.mailVerification(to: user.id.rawValue, username: username, email: email, language: language, links: links)
        }
    }

    static let deadLink = APIError(.invalidToken, "This link does not work: it was used already, a newer one was sent, or it is out of date. Ask for a new one.")
}
