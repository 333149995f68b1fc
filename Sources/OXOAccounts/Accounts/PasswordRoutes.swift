import OXOCore
import OXOProtocol
import Vapor

/// Passwords and mailed links. The tokens of links travel in bodies, never in paths,
/// which request logs and proxies record.
package struct PasswordRoutes {
    package init() {}

    package func register(public routes: any RoutesBuilder, signedIn: any RoutesBuilder) {
        signedIn.on(Operations.changePassword) { request in
            try await PasswordService(request).change(request.user, request.decode(ChangePasswordRequest.self))
            return Response(status: .noContent)
        }
        routes.on(Operations.requestPasswordReset) { request in
            let body = try await request.decode(PasswordResetRequest.self)
            try PasswordService(request).requestReset(body)
            return Response(status: .accepted)
        }
        routes.on(Operations.resetPassword) { request in
            try await PasswordService(request).reset(request.decode(ResetPasswordRequest.self))
            return Response(status: .noContent)
        }
        routes.on(Operations.verifyEmail) { request in
            try await PasswordService(request).verifyEmail(request.decode(VerifyEmailRequest.self))
            return Response(status: .noContent)
        }
        signedIn.on(Operations.mailEmailVerification) { request in
            try await PasswordService(request).mailVerification(to: request.user)
            return Response(status: .accepted)
        }
    }
}
