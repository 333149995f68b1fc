import Foundation
import OXOProtocol

extension OXOClient {
    /// Changes the signed-in user's password, given the current one (and, with two-step
    /// sign-in on, a code or a recovery code); every other session of the account ends (its
    /// sockets close), this one stays signed in.
    public func changePassword(current: String, new: String, secondFactor: SecondFactorProof = SecondFactorProof(),
                               endAccessTokens: Bool = false) async throws {
        let request = ChangePasswordRequest(currentPassword: current, newPassword: new,
                                            totp: secondFactor.totp, recoveryCode: secondFactor.recoveryCode,
                                            endAccessTokens: endAccessTokens ? true : nil)
        try await perform(Endpoints.changePassword(request))
    }

    /// Asks the server to mail a link that sets a new password to `email`. It answers the
    /// same whether or not an account has the address; only a verified address is mailed.
    public func requestPasswordReset(email: String) async throws {
        try await perform(Endpoints.requestPasswordReset(PasswordResetRequest(email: email)))
    }

    /// Sets a new password with the token of a mailed reset link (what follows `#/reset/`).
    /// Every session of the account ends; sign in with the new password afterwards.
    public func resetPassword(token: String, newPassword: String) async throws {
        try await perform(Endpoints.resetPassword(ResetPasswordRequest(token: token, password: newPassword)))
    }

    /// Confirms an address with the token of a mailed verification link (what follows `#/verify/`).
    public func verifyEmail(token: String) async throws {
        try await perform(Endpoints.verifyEmail(VerifyEmailRequest(token: token)))
    }

    /// Mails the signed-in user a new link to confirm their address.
    public func requestEmailVerification() async throws {
        try await perform(Endpoints.mailEmailVerification())
    }
}
