import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A connection that never finishes a request must not hold a file of the server's for
/// ever: thousands of them would use up its open files.
@Suite("Idle connections")
struct IdleConnectionTests {
    @Test func aConnectionThatSendsNothingMoreIsClosed() async throws {
        try await withServer(adjust: { $0.idleConnectionTimeout = 1 }) { server in
            let closedAfter = try await Self.secondsUntilClosed(port: server.port, sending: "GET /health HTTP/1.1\r\nHo")
            // What matters is that the server lets go: one without the timeout holds the
            // connection until the client's wait (30 s) ends. The timer fires on the event
            // loops that every server of the suite shares, which a loaded machine has kept
            // busy for 8 s at the suite's start.
            #expect(closedAfter < 25, "closed \(closedAfter) s after the last byte, with a 1 s timeout")
        }
    }

    @Test func aQuietSocketIsNotTimedOutLikeAnIdleConnection() async throws {
        try await withServer(adjust: { $0.socketPingInterval = 60 }) { server in
            let carol = try await RawHTTP(baseURL: server.baseURL).register("carol")
            // The short timeout only once the account exists: a registration kept waiting on
            // a busy machine would be cut off by it, a connection idle while it waits.
            let quiet = try await server.restarted(onSamePort: false) { $0.idleConnectionTimeout = 3 }
            let socket = try await Self.openSocket(port: quiet.port, token: carol)
            defer { socket.close() }
            try await Task.sleep(for: .seconds(5))
            try? socket.send(#"{"type":"ping","id":"p1"}"#)
            let frames = await socket.texts(2).map(\.text)
            try await quiet.stop()
            #expect(frames.last?.contains(#""type":"pong""#) == true)
        }
    }

    /// A socket, asked for again while its upgrade is cut off: the upgrade is a request
    /// like any other, and while the PostgreSQL suite starts its servers its session check
    /// can wait past the 3 s timeout. What the test is about begins once a socket is open.
    static func openSocket(port: Int, token: String) async throws -> SilentSocket {
        let deadline = Date().addingTimeInterval(60)
        while true {
            do {
                return try await SilentSocket(port: port, path: "/v1/socket", token: token)
            } catch SilentSocketError.closed where Date() < deadline {
                continue
            }
        }
    }

    /// Connects, sends `text` and waits (up to 30 seconds) for the server to close.
    static func secondsUntilClosed(port: Int, sending text: String) async throws -> Double {
        try await withCheckedThrowingContinuation { done in
            Thread.detachNewThread {
                let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                defer { close(descriptor) }
                var timeout = timeval(tv_sec: 30, tv_usec: 0)
                setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                do { try connectToLocalhost(descriptor, port: port) } catch { return done.resume(throwing: error) }
                let bytes = Array(text.utf8)
                _ = send(descriptor, bytes, bytes.count, 0)
                let started = Date()
                var byte: UInt8 = 0
                // 0: the server closed; -1: nothing came within the receive timeout.
                while recv(descriptor, &byte, 1, 0) > 0 {}
                done.resume(returning: Date().timeIntervalSince(started))
            }
        }
    }
}
