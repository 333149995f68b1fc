import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// The changes behind passwords and mailed links.
extension AccountWrites {
    /// Gives `user` a new password hash, spends every reset link still out for the account
    /// (a link mailed before the change must not undo it), and ends every session of theirs
    /// but `keeping` (the one that changed it; nil ends them all), so their sockets close on
    /// every process. False when the user is gone.
    func setPassword(of user: UUID, to hash: String, keeping session: UUID?) async throws -> Bool {
        let found = try await sql.update("users").set("password_hash", to: hash).where("id", .equal, user)
            .returning("id").all()
        try await spendTokens(of: user, for: .passwordReset)
        var sessions = sql.delete(from: "sessions").where("user_id", .equal, user)
        if let session { sessions = sessions.where("id", .notEqual, session) }
        try await change.sessions.end(sessions)
        return !found.isEmpty
    }

    /// Spends a reset token and sets the password it was for, ending every session; false
    /// when the token does not work.
    func resetPassword(with token: String, to hash: String) async throws -> Bool {
        guard let owner = try await spendToken(token, for: .passwordReset) else { return false }
        return try await setPassword(of: owner.user, to: hash, keeping: nil)
    }

    /// Spends a verification token and marks its address verified, if the account still has
    /// that address; false when the token does not work.
    func verifyEmail(with token: String) async throws -> Bool {
        guard let owner = try await spendToken(token, for: .emailVerification) else { return false }
        return try await !sql.update("users").set("email_verified_at", to: now)
            .where("id", .equal, owner.user).where("email", .equal, owner.email)
            .returning("id").all().isEmpty
    }

    /// Takes `email` from an account that never confirmed it once no link to confirm it
    /// works any more (48 hours after the last was mailed): someone who registers with
    /// another person's address cannot keep its owner out. The account keeps everything
    /// else, with an address under `lapsed.invalid`, which no mail reaches.
    func releaseUnconfirmedAddress(_ email: String) async throws {
        try await sql.raw("""
            UPDATE users SET email = 'lapsed-' || username_key || '@lapsed.invalid'
            WHERE email = \(bind: email) AND email NOT LIKE '%.invalid' AND email_verified_at IS NULL AND NOT EXISTS (
            SELECT 1 FROM account_tokens t WHERE t.user_id = users.id AND t.purpose = \(bind: TokenPurpose.emailVerification.rawValue)
            AND t.expires_at > \(bind: now))
            """).run()
    }

    /// The mail a new account's address gets: a link to confirm it when it is the account's
    /// own, in the account's `language`, or, when another account holds it, a word to that
    /// account's owner instead, in theirs.
    func mailAbout(_ address: RegisteredAddress, to user: UUID, username: String, language: Language?,
                   links: MailedLinks) async throws {
        guard let pending = address.pending else {
            return try await mailVerification(to: user, username: username, email: address.own, language: language, links: links)
        }
        try await change.mail.queue(AccountMails.addressInUse(to: pending, link: links.forgottenPassword, in: Words.in(address.holderLanguage)))
    }

    /// Queues the mail that asks `user` to confirm `email`, with a new link, in `language`.
    func mailVerification(to user: UUID, username: String, email: String, language: Language?, links: MailedLinks) async throws {
        let token = try await issueToken(.emailVerification, for: user, email: email)
        try await change.mail.queue(AccountMails.emailVerification(to: email, username: username, link: links.emailVerification(token),
                                                       in: Words.in(language)))
    }

    /// Queues a password-reset mail for `user`, with a new link, in `language`.
    func mailPasswordReset(to user: UUID, username: String, email: String, language: Language?, links: MailedLinks) async throws {
        let token = try await issueToken(.passwordReset, for: user, email: email)
        try await change.mail.queue(AccountMails.passwordReset(to: email, username: username, link: links.passwordReset(token),
                                                   in: Words.in(language)))
    }
}
