import Foundation
import OXOProtocol

/// Passwords and mailed links.
extension Endpoints {
    static func changePassword(_ request: ChangePasswordRequest) -> Endpoint<Void> {
        Endpoint(method: .PUT, path: ["v1", "me", "password"], query: [], body: request) { _ in }
    }

    static func requestPasswordReset(_ request: PasswordResetRequest) -> Endpoint<Void> {
        Endpoint(method: .POST, path: ["v1", "password-resets"], query: [], body: request) { _ in }
    }

    static func resetPassword(_ request: ResetPasswordRequest) -> Endpoint<Void> {
        Endpoint(method: .POST, path: ["v1", "password-resets", "redeem"], query: [], body: request) { _ in }
    }

    static func verifyEmail(_ request: VerifyEmailRequest) -> Endpoint<Void> {
        Endpoint(method: .POST, path: ["v1", "email-verifications"], query: [], body: request) { _ in }
    }

    static func mailEmailVerification() -> Endpoint<Void> {
        Endpoint(.POST, "v1", "me", "email-verification")
    }
}
