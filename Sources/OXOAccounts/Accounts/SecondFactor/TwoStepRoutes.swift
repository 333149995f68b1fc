import OXOCore
import OXOProtocol
import Vapor

/// Two-step sign-in (TOTP) for the signed-in user's own account.
package struct TwoStepRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        routes.on(Operations.getTwoStep) { request in
            try await Reply(TwoStepService(request).status(of: request.user))
        }
        routes.on(Operations.startTwoStep) { request in
            try await Reply(TwoStepService(request).start(request.user, request.decode(StartTOTPRequest.self)), status: .created)
        }
        routes.on(Operations.confirmTwoStep) { request in
            try await Reply(TwoStepService(request).confirm(request.user, request.decode(ConfirmTOTPRequest.self)))
        }
        routes.on(Operations.stopTwoStep) { request in
            try await TwoStepService(request).stop(request.user, request.decode(StopTOTPRequest.self))
            return Response(status: .noContent)
        }
        routes.on(Operations.regenerateRecoveryCodes) { request in
            try await Reply(TwoStepService(request).regenerateRecoveryCodes(request.user, request.decode(SecondFactorProof.self)))
        }
    }
}
