import Foundation
import OXOProtocol

extension OXOClient {
    /// Whether two-step sign-in is on for the signed-in account, and its recovery codes left.
    public func twoStepStatus() async throws -> TOTPStatus {
        try await perform(Endpoints.twoStepStatus())
    }

    /// Starts enrolling in two-step sign-in, given the password again: the answer's secret
    /// (or its `otpauth://` URI) goes into an authenticator app. Nothing changes for signing
    /// in until `confirmTwoStep` is sent a code from that app.
    public func startTwoStep(password: String) async throws -> TOTPEnrolment {
        try await perform(Endpoints.startTwoStep(StartTOTPRequest(password: password)))
    }

    /// Turns two-step sign-in on with a code from the app; answers the ten recovery codes,
    /// which the server never shows again.
    public func confirmTwoStep(code: String) async throws -> RecoveryCodes {
        try await perform(Endpoints.confirmTwoStep(ConfirmTOTPRequest(totp: code)))
    }

    /// Turns two-step sign-in off, with the password and a code or a recovery code.
    public func stopTwoStep(password: String, proof: SecondFactorProof) async throws {
        try await perform(Endpoints.stopTwoStep(StopTOTPRequest(password: password, totp: proof.totp, recoveryCode: proof.recoveryCode)))
    }

    /// Ten new recovery codes, given a code or a recovery code; the earlier ones stop working.
    public func regenerateRecoveryCodes(proof: SecondFactorProof) async throws -> RecoveryCodes {
        try await perform(Endpoints.regenerateRecoveryCodes(proof))
    }
}
