import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A WebSocket client on a bare TCP socket that reads what the server sends and never
/// answers anything, not even a close: the slowest client there is. Its calls block, so
/// tests make them through `onOwnThread`.
final class RawWebSocket: @unchecked Sendable {
    private let descriptor: Int32
    /// Everything read after the upgrade's answer.
    private var received: [UInt8] = []

    /// Connects to 127.0.0.1:`port`, upgrades `/v1/socket` with `token`, and waits for the
    /// server's first frame (its welcome).
    init(port: Int, token: String) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failed(reason: "socket") }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = FreePort.loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(descriptor); throw Failed(reason: "connect") }
        let request = "GET /v1/socket HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nAuthorization: Bearer \(token)\r\n\r\n"
        _ = Array(request.utf8).withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        var answer: [UInt8] = []
        while Self.range(of: Array("\r\n\r\n".utf8), in: answer) == nil {
            guard let bytes = readSome() else { throw Failed(reason: "no answer to the upgrade") }
            answer += bytes
        }
        let headEnd = Self.range(of: Array("\r\n\r\n".utf8), in: answer)!
        guard String(decoding: answer[..<headEnd], as: UTF8.self).hasPrefix("HTTP/1.1 101") else {
            throw Failed(reason: "upgrade refused: \(String(decoding: answer, as: UTF8.self))")
        }
        received = Array(answer[(headEnd + 4)...])
        while frames().isEmpty {
            guard let bytes = readSome() else { throw Failed(reason: "no welcome") }
            received += bytes
        }
    }

    deinit { close(descriptor) }

    /// Reads until the server closes the connection (or 30 s pass) and returns the close
    /// code the server sent, if it sent one.
    func closeCodeUntilEnd() -> UInt16? {
        while let bytes = readSome() { received += bytes }
        guard let close = frames().first(where: { $0.opcode == 0x8 }), close.payload.count >= 2 else { return nil }
        return UInt16(close.payload[0]) << 8 | UInt16(close.payload[1])
    }

    private func readSome() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? Array(buffer[..<count]) : nil
    }

    /// The whole frames received so far (a server's frames are not masked).
    private func frames() -> [(opcode: UInt8, payload: [UInt8])] {
        var frames: [(UInt8, [UInt8])] = []
        var at = 0
        while received.count >= at + 2 {
            var length = Int(received[at + 1] & 0x7f)
            var start = at + 2
            if length == 126 {
                guard received.count >= at + 4 else { break }
                length = Int(received[at + 2]) << 8 | Int(received[at + 3])
                start = at + 4
            } else if length == 127 {
                guard received.count >= at + 10 else { break }
                length = (0..<8).reduce(0) { $0 << 8 | Int(received[at + 2 + $1]) }
                start = at + 10
            }
            guard received.count >= start + length else { break }
            frames.append((received[at] & 0x0f, Array(received[start..<(start + length)])))
            at = start + length
        }
        return frames
    }

    private static func range(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }

    struct Failed: Error, CustomStringConvertible {
        let reason: String
        var description: String { "raw WebSocket: \(reason)" }
    }
}
