import Foundation
import OXOProtocol
import Testing
@testable import OXOClient

/// The SDK's calls for two-step sign-in: what each sends, and how its answer is read.
@Suite struct TwoStepEndpointTests {
    let server = ServerAddress(baseURL: Fixtures.server)

    @Test func eachCallHasItsMethodAndPath() throws {
        #expect(try requestLine(Endpoints.twoStepStatus()) == "GET /v1/me/totp")
        #expect(try requestLine(Endpoints.startTwoStep(StartTOTPRequest(password: "pw"))) == "POST /v1/me/totp")
        #expect(try requestLine(Endpoints.confirmTwoStep(ConfirmTOTPRequest(totp: "123456"))) == "POST /v1/me/totp/confirm")
        #expect(try requestLine(Endpoints.stopTwoStep(StopTOTPRequest(password: "pw"))) == "DELETE /v1/me/totp")
        #expect(try requestLine(Endpoints.regenerateRecoveryCodes(SecondFactorProof(totp: "123456"))) == "POST /v1/me/totp/recovery-codes")
    }

    @Test func aSignInSendsTheCodeOnlyWhenThereIsOne() async throws {
        let plain = try Endpoints.login(LoginRequest(login: "alice", password: "pw")).request(on: server, token: nil)
        #expect(try await requestBody(of: plain) == #"{"login":"alice","password":"pw"}"#)
        let withCode = try Endpoints.login(LoginRequest(login: "alice", password: "pw", totp: "123456")).request(on: server, token: nil)
        #expect(try await requestBody(of: withCode) == #"{"login":"alice","password":"pw","totp":"123456"}"#)
        let recovery = try Endpoints.changePassword(ChangePasswordRequest(currentPassword: "a", newPassword: "b", recoveryCode: "ABCD"))
            .request(on: server, token: "t")
        #expect(try await requestBody(of: recovery) == #"{"current_password":"a","new_password":"b","recovery_code":"ABCD"}"#)
    }

    @Test func answersAreRead() throws {
        let enrolment = try Endpoints.startTwoStep(StartTOTPRequest(password: "pw"))
            .read(status: 201, body: Data(#"{"secret":"JBSWY3DPEHPK3PXP","uri":"otpauth://totp/OXO:alice?secret=JBSWY3DPEHPK3PXP&issuer=OXO"}"#.utf8))
        #expect(enrolment.secret == "JBSWY3DPEHPK3PXP")
        let status = try Endpoints.twoStepStatus().read(status: 200, body: Data(#"{"enabled":true,"recovery_codes_left":9}"#.utf8))
        #expect(status == TOTPStatus(enabled: true, recoveryCodesLeft: 9))
        let refused = #expect(throws: APIError.self) {
            try Endpoints.login(LoginRequest(login: "alice", password: "pw"))
                .read(status: 401, body: Data(#"{"error":{"code":"second_factor_required","message":"A code."}}"#.utf8))
        }
        #expect(refused?.code == .secondFactorRequired)
    }
}
