import OXOCore
import OXOProtocol
import Vapor

/// Two-step sign-in (TOTP) for the signed-in user's own account.
package struct TwoStepRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        routes.get("v1", "me", "totp") { request in
            try await Reply(TwoStepService(request).status(of: request.user))
        }
        routes.post("v1", "me", "totp") { request in
            try await Reply(TwoStepService(request).start(request.user, request.decode(StartTOTPRequest.self)), status: .created)
        }
        routes.post("v1", "me", "totp", "confirm") { request in
            try await Reply(TwoStepService(request).confirm(request.user, request.decode(ConfirmTOTPRequest.self)))
        }
        routes.delete("v1", "me", "totp") { request in
            try await TwoStepService(request).stop(request.user, request.decode(StopTOTPRequest.self))
            return Response(status: .noContent)
        }
        routes.post("v1", "me", "totp", "recovery-codes") { request in
            try await Reply(TwoStepService(request).regenerateRecoveryCodes(request.user, request.decode(SecondFactorProof.self)))
        }
    }
}
