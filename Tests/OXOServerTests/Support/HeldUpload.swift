import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP request written straight to a socket and held there: its head and as much of
/// its body as a test says, the rest never sent (or sent later with `finish()`), as a
/// client that holds back its last byte does.
final class HeldUpload: @unchecked Sendable {
    private let descriptor: Int32

    static func head(path: String, port: Int, token: String, length: Int) -> [UInt8] {
        Array("""
            POST \(path) HTTP/1.1\r
            Host: 127.0.0.1:\(port)\r
            Authorization: Bearer \(token)\r
            Content-Type: image/png\r
            Content-Length: \(length)\r
            \r\n
            """.utf8)
    }

    init(port: Int, sending bytes: [UInt8]) async throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        // A read that waits longer than this gives up, so a test never hangs.
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        try await offThePool { [descriptor] in
            try connectToLocalhost(descriptor, port: port)
            try Self.write(bytes, to: descriptor)
        }
    }

    deinit { close(descriptor) }

    /// Sends the body's last byte.
    func finish() async throws {
        try await offThePool { [descriptor] in try Self.write([0], to: descriptor) }
    }

    /// The answer's head and what came of its body within a moment of the head.
    func answer() async throws -> String {
        try await offThePool { [descriptor] in
            var answer: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !String(decoding: answer, as: UTF8.self).contains("\r\n\r\n") || !answer.contains(UInt8(ascii: "}")) {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                answer += buffer[..<count]
            }
            return String(decoding: answer, as: UTF8.self)
        }
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw HeldUploadClosed() }
            sent += count
        }
    }

    struct HeldUploadClosed: Error {}
}
