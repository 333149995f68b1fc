import Foundation
import OXOProtocol

/// Two-step sign-in (TOTP).
extension Endpoints {
    static func twoStepStatus() -> Endpoint<TOTPStatus> {
        Endpoint(.GET, "v1", "me", "totp")
    }

    static func startTwoStep(_ request: StartTOTPRequest) -> Endpoint<TOTPEnrolment> {
        Endpoint(.POST, "v1", "me", "totp", body: request)
    }

    static func confirmTwoStep(_ request: ConfirmTOTPRequest) -> Endpoint<RecoveryCodes> {
        Endpoint(.POST, "v1", "me", "totp", "confirm", body: request)
    }

    static func stopTwoStep(_ request: StopTOTPRequest) -> Endpoint<Void> {
        Endpoint(.DELETE, "v1", "me", "totp", body: request)
    }

    static func regenerateRecoveryCodes(_ proof: SecondFactorProof) -> Endpoint<RecoveryCodes> {
        Endpoint(.POST, "v1", "me", "totp", "recovery-codes", body: proof)
    }
}
