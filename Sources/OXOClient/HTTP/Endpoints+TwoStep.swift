import Foundation
import OXOProtocol

/// Two-step sign-in (TOTP).
extension Endpoints {
    static func twoStepStatus() -> Endpoint<TOTPStatus> {
        Endpoint(Operations.getTwoStep)
    }

    static func startTwoStep(_ request: StartTOTPRequest) -> Endpoint<TOTPEnrolment> {
        Endpoint(Operations.startTwoStep, body: request)
    }

    static func confirmTwoStep(_ request: ConfirmTOTPRequest) -> Endpoint<RecoveryCodes> {
        Endpoint(Operations.confirmTwoStep, body: request)
    }

    static func stopTwoStep(_ request: StopTOTPRequest) -> Endpoint<Void> {
        Endpoint(Operations.stopTwoStep, body: request)
    }

    static func regenerateRecoveryCodes(_ proof: SecondFactorProof) -> Endpoint<RecoveryCodes> {
        Endpoint(Operations.regenerateRecoveryCodes, body: proof)
    }
}
