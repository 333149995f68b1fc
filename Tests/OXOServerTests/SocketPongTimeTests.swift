import Foundation
import OXOCore
import Testing

@Suite("A pong tells the server's time")
struct SocketPongTimeTests {
    @Test func aPongCarriesTheServersClockToTheMillisecond() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let token = try await RawHTTP(baseURL: server.baseURL).register("alice")
            let socket = try await SilentSocket(port: server.port, path: "/v1/socket", token: token)
            defer { socket.close() }
            _ = await socket.texts(1)  // the welcome
            clock.advance(by: 12.345)
            try socket.send(#"{"type":"ping","id":"p1"}"#)
            let pong = try #require(await socket.texts(1).first?.text)
            #expect(pong.contains(#""type":"pong""#) && pong.contains(#""id":"p1""#))
            #expect(pong.contains(#""server_time":"2027-01-15T08:00:12.345Z""#), "\(pong)")
        }
    }
}
