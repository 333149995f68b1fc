import Foundation
import OXOProtocol

/// Passwords and mailed links.
extension Endpoints {
    static func changePassword(_ request: ChangePasswordRequest) -> Endpoint<Void> {
        Endpoint(Operations.changePassword, body: request)
    }

    static func requestPasswordReset(_ request: PasswordResetRequest) -> Endpoint<Void> {
        Endpoint(Operations.requestPasswordReset, body: request)
    }

    static func resetPassword(_ request: ResetPasswordRequest) -> Endpoint<Void> {
        Endpoint(Operations.resetPassword, body: request)
    }

    static func verifyEmail(_ request: VerifyEmailRequest) -> Endpoint<Void> {
        Endpoint(Operations.verifyEmail, body: request)
    }

    static func mailEmailVerification() -> Endpoint<Void> {
        Endpoint(Operations.mailEmailVerification)
    }
}
