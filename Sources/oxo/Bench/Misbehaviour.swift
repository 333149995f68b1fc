import ArgumentParser
import Foundation
import NIOConcurrencyHelpers

/// `oxo bench games --alongside KIND`: while the games are played, one client misbehaves
/// as the hardening issue's attacker did, so that the report shows what it costs the
/// others (their move round trip beside a run without it).
enum Misbehaviour: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// Four sockets each send a message in endless 10 KiB fragments; the server closes
    /// each at the message limit, and it comes back at once.
    case fragments
    /// A socket asks for the lobby over and over and never reads what comes back; the
    /// server closes it, and it comes back at once.
    case silentReader = "silent-reader"
    /// 1,000 connections that send part of a request head and a header line every 20
    /// seconds, never finishing it.
    case idleConnections = "idle-connections"
    /// Sign-ins with a wrong password, 600 a second.
    case signInBurst = "sign-in-burst"
}

/// The misbehaving client: blocking connections on threads of its own, so that it takes
/// nothing from the load generator's event loops.
final class MisbehavingClient: Sendable {
    private let kind: Misbehaviour
    private let host: String
    private let port: Int
    private let user: BenchUser
    private let running = NIOLockedValueBox(true)
    /// What the server did to it: closes, refusals by status.
    let outcomes = ErrorTally()

    init(_ kind: Misbehaviour, baseURL: URL, user: BenchUser) {
        self.kind = kind
        host = baseURL.host ?? "127.0.0.1"
        port = baseURL.port ?? 80
        self.user = user
    }

    private var isRunning: Bool { running.withLockedValue { $0 } }

    func start() {
        switch kind {
        case .fragments: for _ in 0..<4 { spawn(again: sendEndlessFragments) }
        case .silentReader: spawn(again: subscribeWithoutReading)
        case .idleConnections: spawn(holdIdleConnections)
        case .signInBurst: for _ in 0..<6 { spawn { self.signInWrongly(perSecond: 100) } }
        }
    }

    func stop() { running.withLockedValue { $0 = false } }

    /// For the report: what the server did to the misbehaving client, one figure a kind.
    var figures: [BenchReport.Figure] {
        outcomes.byKind.sorted { $0.key < $1.key }.map { kind, count in
            let key = "alongside_" + kind.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
            return BenchReport.Figure(key, "\(self.kind.rawValue): \(kind)", Double(count))
        }
    }

    private func spawn(again work: @escaping @Sendable () throws -> Void) {
        spawn {
            while self.isRunning {
                do { try work() } catch { self.outcomes.record("closed or refused by the server") }
            }
        }
    }

    private func spawn(_ work: @escaping @Sendable () -> Void) {
        let thread = Thread(block: work)
        thread.name = "oxo-bench-misbehaving"
        thread.start()
    }

    private func socket(receiveBuffer: Int32? = nil) throws -> RawConnection {
        let connection = try RawConnection(host: host, port: port, receiveBuffer: receiveBuffer)
        try connection.upgrade(path: "/v1/socket", host: "\(host):\(port)", token: user.token)
        return connection
    }

    private func sendEndlessFragments() throws {
        let connection = try socket()
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 10 * 1024)
        try connection.sendFrame(opcode: 0x1, final: false, piece)
        while isRunning { try connection.sendFrame(opcode: 0x0, final: false, piece) }
    }

    private func subscribeWithoutReading() throws {
        let connection = try socket(receiveBuffer: 4096)
        let subscribe = Array(#"{"type":"subscribe","topic":"lobby"}"#.utf8)
        for _ in 0..<20_000 where isRunning { try connection.sendFrame(opcode: 0x1, final: true, subscribe) }
    }

    private func holdIdleConnections() {
        var connections: [RawConnection?] = Array(repeating: nil, count: 1000)
        while isRunning {
            for index in connections.indices where isRunning {
                do {
                    if let connection = connections[index] {
                        try connection.send("X-Slow: 1\r\n")
                    } else {
                        let connection = try RawConnection(host: host, port: port)
                        try connection.send("GET /health HTTP/1.1\r\nHost: \(host)\r\n")
                        connections[index] = connection
                    }
                } catch {
                    connections[index] = nil
                    outcomes.record("connections closed or refused by the server")
                }
            }
            for _ in 0..<200 where isRunning { Thread.sleep(forTimeInterval: 0.1) }
        }
    }

    private func signInWrongly(perSecond: Int) {
        // An unknown login costs the server a hash as a known one does.
        let body = #"{"login":"bench-intruder","password":"not-the-password"}"#
        let request = "POST /v1/sessions HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        var connection: RawConnection?
        while isRunning {
            let started = Date()
            for _ in 0..<perSecond where isRunning {
                do {
                    let open = try connection ?? RawConnection(host: host, port: port)
                    connection = open
                    try open.send(request)
                    outcomes.record("sign-ins answered \(try open.readResponseStatus())")
                } catch {
                    connection = nil
                    outcomes.record("sign-in connections closed")
                }
            }
            let rest = 1 - Date().timeIntervalSince(started)
            if rest > 0 { Thread.sleep(forTimeInterval: rest) }
        }
    }
}
