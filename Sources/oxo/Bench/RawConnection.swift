import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain blocking TCP connection for the misbehaving client: it must send what no
/// well-behaved library would (a request head that never ends, a message in endless
/// fragments) and not read what the server sends. Used only from threads of its own.
final class RawConnection {
    private let descriptor: Int32

    /// Connects to `host:port`; `receiveBuffer` shrinks the kernel's buffer, so that a
    /// client that never reads pushes back on the server sooner.
    init(host: String, port: Int, receiveBuffer: Int32? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawConnectionError.failed("socket") }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw RawConnectionError.failed("connect")
        }
    }

    deinit { close(descriptor) }

    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw RawConnectionError.closed }
            sent += count
        }
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Reads until `marker` has arrived; returns everything read.
    func read(until marker: String) throws -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: received, as: UTF8.self).contains(marker) {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { throw RawConnectionError.closed }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Reads one HTTP response and returns its status.
    func readResponseStatus() throws -> Int {
        let head = try read(until: "\r\n\r\n")
        let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        let bodyRead = head.utf8.count - (head.range(of: "\r\n\r\n")!.upperBound.utf16Offset(in: head))
        var remaining = length - bodyRead
        var buffer = [UInt8](repeating: 0, count: 4096)
        while remaining > 0 {
            let count = recv(descriptor, &buffer, min(buffer.count, remaining), 0)
            guard count > 0 else { throw RawConnectionError.closed }
            remaining -= count
        }
        return Int(head.split(separator: " ")[1]) ?? 0
    }

    /// Opens a WebSocket at `path` with `token`; throws unless the server upgrades.
    func upgrade(path: String, host: String, token: String) throws {
        try send("GET \(path) HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 + "Sec-WebSocket-Key: b3hvLWJlbmNoLWtleS0xMg==\r\nSec-WebSocket-Version: 13\r\n"
                 + "Authorization: Bearer \(token)\r\n\r\n")
        guard try read(until: "\r\n\r\n").hasPrefix("HTTP/1.1 101") else { throw RawConnectionError.refused }
    }

    /// Sends one WebSocket frame as a client must (masked; with a zero mask the payload
    /// goes as it is).
    func sendFrame(opcode: UInt8, final: Bool, _ payload: [UInt8]) throws {
        var frame: [UInt8] = [(final ? 0x80 : 0) | opcode]
        switch payload.count {
        case ..<126: frame.append(0x80 | UInt8(payload.count))
        case ..<65536: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: frame += [0x80 | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        try send(frame + [0, 0, 0, 0] + payload)
    }
}

enum RawConnectionError: Error {
    case failed(String)
    case closed
    case refused
}
