import Foundation
import OXOClient
import OXOCore
import OXOProtocol
import OXOServer
import Testing

/// The list of sessions in Settings: what signed in, from where, when last used, which is
/// this one, and ending the others.
@Suite("The session list")
struct SessionListTests {
    let chromeOnLinux = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"

    func signIn(_ raw: RawHTTP, as agent: String) async throws -> SessionGrant {
        try await raw.send(.POST, "/v1/sessions", body: #"{"login":"alice","password":"password-alice"}"#,
                           headers: [("User-Agent", agent)]).decode(SessionGrant.self)
    }

    @Test func eachSessionNamesItsDeviceAddressAndLastUse() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let raw = RawHTTP(baseURL: server.baseURL)
            let sdk = try await server.player("alice")
            let browser = try await signIn(raw, as: chromeOnLinux)
            let terminal = try await signIn(raw, as: OXOClient.terminalUserAgent)
            #expect(browser.session.device == "Chrome on Linux" && browser.session.address == "127.0.0.1")

            let sessions = try await sdk.sessions()
            #expect(Set(sessions.map(\.device)) == ["OXO SDK", "Chrome on Linux", "oxo terminal"])
            #expect(sessions.filter(\.current).map(\.device) == ["OXO SDK"])
            #expect(sessions.allSatisfy { $0.address == "127.0.0.1" })

            // Use is recorded at most once a minute: a request within it leaves the time as it was.
            let signedIn = try #require(sessions.first { $0.id == terminal.session.id }).lastUsedAt
            try await server.advance(clock, by: 30)
            _ = try await raw.send(.GET, "/v1/me", token: terminal.token)
            #expect(try await sdk.sessions().first { $0.id == terminal.session.id }?.lastUsedAt == signedIn)
            try await server.advance(clock, by: 60)
            _ = try await raw.send(.GET, "/v1/me", token: terminal.token)
            let used = try #require(try await sdk.sessions().first { $0.id == terminal.session.id }).lastUsedAt
            #expect(used.timeIntervalSince(signedIn) >= 90)
        }
    }

    @Test func signingOutEverywhereElseEndsTheOtherSessionsAndClosesTheirSockets() async throws {
        try await withServer(adjust: { $0.socketPingInterval = 60 }) { server in
            let raw = RawHTTP(baseURL: server.baseURL)
            let phone = try await server.player("alice")
            let laptop = try await signIn(raw, as: chromeOnLinux)
            let tablet = try await signIn(raw, as: chromeOnLinux)
            let laptopSocket = try await SilentSocket(port: server.port, path: "/v1/socket", token: laptop.token)
            defer { laptopSocket.close() }

            #expect(try await phone.endOtherSessions() == 2)

            #expect(await laptopSocket.framesUntilClose().last?.closeCode == 4001)
            #expect(try await raw.send(.GET, "/v1/me", token: tablet.token).status == 401)
            #expect(try await phone.sessions().map(\.current) == [true])
            _ = try await phone.me()
            // Anything but `except=current` is refused: ending every session is signing out.
            let token = try #require(await phone.token)
            #expect(try await raw.send(.DELETE, "/v1/sessions", token: token).error?.code == .invalidRequest)
            #expect(try await raw.send(.DELETE, "/v1/sessions?except=all", token: token).error?.code == .invalidRequest)
        }
    }

    @Test func endingOneSessionClosesItsSockets() async throws {
        try await withServer(adjust: { $0.socketPingInterval = 60 }) { server in
            let raw = RawHTTP(baseURL: server.baseURL)
            let phone = try await server.player("alice")
            let laptop = try await signIn(raw, as: chromeOnLinux)
            let socket = try await SilentSocket(port: server.port, path: "/v1/socket", token: laptop.token)
            defer { socket.close() }
            try await phone.revokeSession(laptop.session.id)
            #expect(await socket.framesUntilClose().last?.closeCode == 4001)
        }
    }
}
