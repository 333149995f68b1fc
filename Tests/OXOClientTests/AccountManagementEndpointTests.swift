import Foundation
import OXOProtocol
import Testing
@testable import OXOClient

/// The SDK's calls for accounts people manage: what each sends, and how its answer is read.
@Suite struct AccountManagementEndpointTests {
    let server = ServerAddress(baseURL: Fixtures.server)

    @Test func everyCallSaysWhichClientItIs() throws {
        let sdk = try Endpoints.sessions().request(on: server, token: "t")
        #expect(sdk.headers["User-Agent"] == [OXOClient.sdkUserAgent])
        let terminal = try Endpoints.sessions().request(on: server, token: "t", userAgent: OXOClient.terminalUserAgent)
        #expect(terminal.headers["User-Agent"] == ["oxo/1"])
    }

    @Test func eachCallHasItsMethodAndPath() throws {
        #expect(try requestLine(Endpoints.sessions()) == "GET /v1/sessions")
        #expect(try requestLine(Endpoints.endOtherSessions()) == "DELETE /v1/sessions?except=current")
        #expect(try requestLine(Endpoints.exportAccount()) == "GET /v1/me/export")
        #expect(try requestLine(Endpoints.deleteAccount(DeleteAccountRequest(password: "pw"))) == "DELETE /v1/me")
        #expect(try requestLine(Endpoints.moderatorDeleteAccount(username: "mallory")) == "DELETE /v1/admin/users/mallory")
    }

    @Test func deletingSendsThePasswordAndAGuestSendsNone() async throws {
        let registered = try Endpoints.deleteAccount(DeleteAccountRequest(password: "correct horse")).request(on: server, token: "t")
        #expect(try await requestBody(of: registered) == #"{"password":"correct horse"}"#)
        let guest = try Endpoints.deleteAccount(DeleteAccountRequest(password: nil)).request(on: server, token: "t")
        #expect(try await requestBody(of: guest) == "{}")
        try Endpoints.deleteAccount(DeleteAccountRequest(password: nil)).read(status: 204, body: Data())
    }

    @Test func answersAreRead() throws {
        #expect(try Endpoints.endOtherSessions().read(status: 200, body: Data(#"{"ended":2}"#.utf8)).ended == 2)
        let session = #"{"id":"\#(UUID())","created_at":"2027-01-15T08:00:00.000Z","last_used_at":"2027-01-15T08:00:00.000Z","#
            + #""expires_at":"2027-02-14T08:00:00.000Z","current":true,"device":"Chrome on Linux","address":"203.0.113.7"}"#
        let read = try Endpoints.sessions().read(status: 200, body: Data("[\(session)]".utf8))
        #expect(read.map(\.device) == ["Chrome on Linux"] && read.map(\.address) == ["203.0.113.7"])
        let refused = #expect(throws: APIError.self) {
            try Endpoints.exportAccount().read(status: 429, body: Data(#"{"error":{"code":"rate_limited","message":"Later."}}"#.utf8))
        }
        #expect(refused?.code == .rateLimited)
    }
}
