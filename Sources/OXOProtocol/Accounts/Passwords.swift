import Foundation

/// `PUT /v1/me/password`: the current password proves it is the owner at the keyboard, and
/// with two-step sign-in on, a code or a recovery code too.
public struct ChangePasswordRequest: Codable, Hashable, Sendable {
    public var currentPassword: String
    public var newPassword: String
    public var totp: String?
    public var recoveryCode: String?
    /// Ends every personal access token of the account too (signing out of the other
    /// sessions does not end them); false when left out.
    public var endAccessTokens: Bool?

    public init(currentPassword: String, newPassword: String, totp: String? = nil, recoveryCode: String? = nil,
                endAccessTokens: Bool? = nil) {
        self.currentPassword = currentPassword
        self.newPassword = newPassword
        self.totp = totp
        self.recoveryCode = recoveryCode
        self.endAccessTokens = endAccessTokens
    }
}

/// `POST /v1/password-resets`: mail a link that sets a new password to this address, if a
/// verified account has it. The answer is the same either way.
public struct PasswordResetRequest: Codable, Hashable, Sendable {
    public var email: String

    public init(email: String) { self.email = email }
}

/// `POST /v1/password-resets/redeem`: the token from the mailed link and the new password.
public struct ResetPasswordRequest: Codable, Hashable, Sendable {
    public var token: String
    public var password: String

    public init(token: String, password: String) {
        self.token = token
        self.password = password
    }
}

/// `POST /v1/email-verifications`: the token from the mailed link.
public struct VerifyEmailRequest: Codable, Hashable, Sendable {
    public var token: String

    public init(token: String) { self.token = token }
}
