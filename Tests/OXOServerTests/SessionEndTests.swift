import Foundation
import OXOClient
import OXOProtocol
import OXOCore
import OXOAccounts
import OXOPlay
import OXOSocial
import OXOServer
import Testing

/// A session that ends takes its sockets with it, however it ends.
@Suite("Signing out ends every door")
struct SessionEndTests {
    /// The frames a socket gets until it closes, and how long that took.
    func framesUntilClose(_ socket: SilentSocket) async -> (frames: [SilentSocket.Frame], took: Duration) {
        let started = ContinuousClock.now
        let frames = await socket.framesUntilClose()
        return (frames, ContinuousClock.now - started)
    }

    @Test func signingOutClosesThatSessionsSocketsAndNoOtherSession() async throws {
        // Pings, which the silent socket does not answer, would close it anyway.
        try await withServer(adjust: { $0.socketPingInterval = 60 }) { server in
            let raw = RawHTTP(baseURL: server.baseURL)
            let phone = try await raw.register("alice")
            let tablet = try await OXOClient.login("alice", password: "password-alice", at: URL(string: server.baseURL)!)
            let phoneSocket = try await SilentSocket(port: server.port, path: "/v1/socket", token: phone)
            defer { phoneSocket.close() }
            let tabletLive = try await tablet.goOnline()

            #expect(try await raw.send(.DELETE, "/v1/sessions/current", token: phone).status == 204)

            let (frames, took) = await framesUntilClose(phoneSocket)
            #expect(frames.last?.closeCode == 4001)
            #expect(frames.dropLast().last?.text.contains(#""code":"unauthorized""#) == true)
            #expect(took < .seconds(5))
            // The tablet hears that the phone's session ended, on the socket it had all along.
            let inbox = try await tablet.inboxTopic()
            let updates = try await tabletLive.updates {
                if case .event(inbox, _, .sessionEnded) = $0 { true } else { false }
            }
            #expect(!updates.contains { if case .reconnecting = $0 { true } else { false } })
            await tabletLive.close()
        }
    }

    @Test func aSessionThatExpiresClosesItsSockets() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock, adjust: { $0.socketPingInterval = 60 }) { server in
            let token = try await RawHTTP(baseURL: server.baseURL).register("alice")
            let socket = try await SilentSocket(port: server.port, path: "/v1/socket", token: token)
            defer { socket.close() }
            try await server.advance(clock, by: 31 * 24 * 3600)
            let (frames, took) = await framesUntilClose(socket)
            #expect(frames.last?.closeCode == 4001)
            #expect(took < .seconds(5))
        }
    }
}
