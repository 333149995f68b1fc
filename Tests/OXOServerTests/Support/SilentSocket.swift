import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A WebSocket client that does the handshake, sends what it is told, and then never
/// reads again: it answers no ping, as a phone that lost its network would.
final class SilentSocket {
    private let descriptor: Int32

    init(port: Int, path: String, token: String) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw SilentSocketError.refused }
        try write(Array("""
            GET \(path) HTTP/1.1\r
            Host: 127.0.0.1:\(port)\r
            Upgrade: websocket\r
            Connection: Upgrade\r
            Sec-WebSocket-Version: 13\r
            Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r
            Authorization: Bearer \(token)\r
            \r\n
            """.utf8))
        // Read the answer's head only; later frames stay unread in the kernel's buffer.
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.ends(with: Array("\r\n\r\n".utf8)) {
            guard recv(descriptor, &byte, 1, 0) == 1 else { throw SilentSocketError.closed }
            head.append(byte)
        }
        guard String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101") else { throw SilentSocketError.notUpgraded }
    }

    /// Sends one text frame, masked as a client must (with a zero mask, which leaves the
    /// bytes as they are).
    func send(_ text: String) throws {
        let payload = Array(text.utf8)
        precondition(payload.count < 126, "short frames only")
        try write([0x81, 0x80 | UInt8(payload.count), 0, 0, 0, 0] + payload)
    }

    func close() { Glibc.close(descriptor) }

    private func write(_ bytes: [UInt8]) throws {
        guard Glibc.send(descriptor, bytes, bytes.count, 0) == bytes.count else { throw SilentSocketError.closed }
    }
}

enum SilentSocketError: Error {
    case refused, closed, notUpgraded
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
