import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A WebSocket client that does the handshake, sends what it is told, and then never
/// reads again: it answers no ping, as a phone that lost its network would. A test may
/// read what came at last, all at once, as a client that fell behind would.
/// Sendable: its one descriptor never changes, and each test uses it from one task.
final class SilentSocket: @unchecked Sendable {
    private let descriptor: Int32

    /// `receiveBuffer` shrinks the kernel's buffer for what the server sends, so that the
    /// server's own queue fills sooner.
    init(port: Int, path: String, token: String, receiveBuffer: Int32? = nil) async throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size))
        }
        // A read that waits longer than this gives up, so a test never hangs.
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // So does a send into buffers that a server which stopped reading left full.
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        try await offThePool { [self] in try handshake(port: port, path: path, token: token) }
    }

    private func handshake(port: Int, path: String, token: String) throws {
        try connectToLocalhost(descriptor, port: port)
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

    /// Sends one text frame.
    func send(_ text: String) throws {
        try send(frame: 0x1, final: true, Array(text.utf8))
    }

    /// Sends one frame (0x1 text, 0x0 continuation), masked as a client must (with a zero
    /// mask, which leaves the bytes as they are).
    func send(frame opcode: UInt8, final: Bool, _ payload: [UInt8]) throws {
        precondition(payload.count <= 0xFFFF, "frames up to 64 KiB only")
        let first = (final ? 0x80 : 0) | opcode
        let length: [UInt8] = payload.count < 126
            ? [0x80 | UInt8(payload.count)]
            : [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        try write([first] + length + [0, 0, 0, 0] + payload)
    }

    /// Goes on sending `frame` every 50 ms (as a piece of a message unless `final`), as a
    /// client that ignores the server's close would, and says whether the connection still
    /// took them after `seconds`. It runs on
    /// a thread of its own, which sleeps and sends on time however busy the task threads
    /// are: a check of the time between sends could otherwise first run after the deadline.
    func stillTakes(frame opcode: UInt8, final: Bool = false, _ payload: [UInt8], after seconds: Double) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        return (try? await offThePool { [self] in
            repeat {
                do {
                    try send(frame: opcode, final: final, payload)
                } catch SilentSocketError.stalled {
                    // The server does not read, but the connection is still there.
                } catch {
                    return false
                }
                usleep(50_000)
            } while Date() < deadline
            return true
        }) ?? true
    }

    struct Frame: Sendable {
        let opcode: UInt8
        let payload: [UInt8]

        var text: String { String(decoding: payload, as: UTF8.self) }
        /// The code of a close frame.
        var closeCode: Int? { opcode == 0x8 && payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil }
    }

    /// Reads every frame the server sent until its close frame (included), the end of
    /// the connection, or thirty seconds of silence.
    func framesUntilClose() async -> [Frame] {
        (try? await offThePool { [self] in readFrames() }) ?? []
    }

    /// Reads until the server has sent `count` text messages, and returns those (fewer if
    /// it closed or fell silent); pings are left out.
    func texts(_ count: Int) async -> [Frame] {
        (try? await offThePool { [self] in readFrames(untilTexts: count).filter { $0.opcode == 0x1 } }) ?? []
    }

    private func readFrames(untilTexts count: Int = .max) -> [Frame] {
        var frames: [Frame] = []
        while frames.count(where: { $0.opcode == 0x1 }) < count, let head = read(2) {
            var length = Int(head[1] & 0x7F)
            if length == 126 {
                guard let extended = read(2) else { break }
                length = Int(extended[0]) << 8 | Int(extended[1])
            } else if length == 127 {
                guard let extended = read(8) else { break }
                length = extended.reduce(0) { $0 << 8 | Int($1) }
            }
            guard let payload = read(length) else { break }
            frames.append(Frame(opcode: head[0] & 0x0F, payload: payload))
            if head[0] & 0x0F == 0x8 { break }
        }
        return frames
    }

    private func read(_ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress! + filled, count - filled, 0) }
            guard got > 0 else { return nil }
            filled += got
        }
        return bytes
    }

    /// Whether the server ends the connection within `seconds` (what it still sends is
    /// read and dropped).
    func isEnded(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { return false }
            if recv(descriptor, &buffer, buffer.count, 0) <= 0 { return true }
        }
        return false
    }

    func close() { Glibc.close(descriptor) }

    private func write(_ bytes: [UInt8]) throws {
        let sent = Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL))
        guard sent == bytes.count else {
            throw sent >= 0 || errno == EAGAIN ? SilentSocketError.stalled : SilentSocketError.closed
        }
    }
}

/// Connects a TCP socket to `port` on 127.0.0.1.
func connectToLocalhost(_ descriptor: Int32, port: Int) throws {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { throw SilentSocketError.refused }
}

enum SilentSocketError: Error {
    case refused, closed, notUpgraded
    /// A send timed out with the connection still open: the server does not read.
    case stalled
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
