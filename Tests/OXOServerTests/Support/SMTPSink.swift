import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
@testable import OXOAccounts

struct SinkNotListening: Error {}

/// A mail relay for tests, on a port of 127.0.0.1: it takes every mail, as a relay that
/// works would, and keeps what it was given. No STARTTLS (the server speaks in the clear
/// only to a relay on this machine), AUTH PLAIN and LOGIN taken with any credentials.
final class SMTPSink: Sendable {
    /// One mail as the sink received it, dot-stuffing undone.
    struct Received: Sendable {
        let sender: String
        let recipients: [String]
        /// The credentials of AUTH PLAIN, decoded: "\0user\0password".
        let credentials: String?
        let lines: [String]

        /// A header's value, unfolded: a line that starts with white space continues the one before.
        func header(_ name: String) -> String? {
            var fields: [String] = []
            for line in lines.prefix(while: { !$0.isEmpty }) {
                if let first = line.first, first == " " || first == "\t", !fields.isEmpty { fields[fields.count - 1] += line } else { fields.append(line) }
            }
            return fields.first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
                .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
        }

        /// The subject as a mail program shows it: RFC 2047's encoded words decoded, and the
        /// white space between two of them dropped.
        var subject: String? {
            header("Subject").map { value in
                let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard words.allSatisfy({ $0.hasPrefix("=?UTF-8?B?") && $0.hasSuffix("?=") }) else { return value }
                return words.map { word in
                    Data(base64Encoded: String(word.dropFirst(10).dropLast(2))).map { String(decoding: $0, as: UTF8.self) } ?? String(word)
                }.joined()
            }
        }

        /// A part of the multipart body (`text/plain` or `text/html`), decoded from base64.
        func part(_ type: String) -> String? {
            guard let start = lines.firstIndex(where: { $0.hasPrefix("Content-Type: \(type)") }) else { return nil }
            let body = lines[start...].drop { !$0.isEmpty }.dropFirst().prefix { !$0.hasPrefix("--") }
            return Data(base64Encoded: body.joined()).map { String(decoding: $0, as: UTF8.self) }
        }

        var text: String { part("text/plain") ?? "" }

        /// The link of the plain text, the line that starts with http.
        var link: String? { text.split(separator: "\n").first { $0.hasPrefix("http") }.map(String.init) }

        /// The token that follows `#/reset/` or `#/verify/` in the link.
        var token: String? { link?.split(separator: "/").last.map(String.init) }
    }

    private let kept: NIOLockedValueBox<[Received]>
    private let server: NIOAsyncChannel<NIOAsyncChannel<String, ByteBuffer>, Never>
    private let accepting: Task<Void, Never>
    let port: Int

    var url: String { "smtp://127.0.0.1:\(port)" }
    var received: [Received] { kept.withLockedValue { $0 } }

    private init(server: NIOAsyncChannel<NIOAsyncChannel<String, ByteBuffer>, Never>, kept: NIOLockedValueBox<[Received]>) throws {
        self.server = server
        guard let port = server.channel.localAddress?.port else { throw SinkNotListening() }
        self.port = port
        accepting = Task {
            try? await server.executeThenClose { connections in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in connections {
                        group.addTask { try? await Self.serve(connection, keeping: kept) }
                    }
                }
            }
        }
        self.kept = kept
    }

    /// Listens on `port` (0: any free one).
    static func start(port: Int = 0) async throws -> SMTPSink {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SMTPLineDecoder()))
                    return try NIOAsyncChannel<String, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let kept = NIOLockedValueBox<[Received]>([])
        return try SMTPSink(server: server, kept: kept)
    }

    /// A port nothing listens on now (a sink's, stopped), for a relay that is down.
    static func downPort() async throws -> Int {
        let sink = try await start()
        await sink.stop()
        return sink.port
    }

    func stop() async {
        try? await server.channel.close().get()
        accepting.cancel()
        await accepting.value
    }

    /// Waits for the `count`th mail to `recipient` and returns it.
    func mail(to recipient: String, count: Int = 1) async throws -> Received {
        try await within(30) {
            while true {
                let mails = self.received.filter { $0.recipients.contains(recipient) }
                if mails.count >= count { return mails[count - 1] }
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }

    private static func serve(_ connection: NIOAsyncChannel<String, ByteBuffer>, keeping kept: NIOLockedValueBox<[Received]>) async throws {
        try await connection.executeThenClose { inbound, outbound in
            func say(_ line: String) async throws { try await outbound.write(ByteBuffer(string: line + "\r\n")) }
            var lines = inbound.makeAsyncIterator()
            var (sender, recipients, credentials) = ("", [String](), String?.none)
            try await say("220 sink.test ESMTP")
            while let line = try await lines.next() {
                let command = line.uppercased()
                if command.hasPrefix("EHLO") {
                    try await say("250-sink.test")
                    try await say("250 AUTH PLAIN LOGIN")
                } else if command.hasPrefix("AUTH PLAIN ") {
                    credentials = Data(base64Encoded: String(line.dropFirst(11))).map { String(decoding: $0, as: UTF8.self) }
                    try await say("235 2.7.0 Accepted")
                } else if command.hasPrefix("MAIL FROM:") {
                    sender = String(line.dropFirst(10)).trimmingCharacters(in: CharacterSet(charactersIn: "<>"))
                    try await say("250 OK")
                } else if command.hasPrefix("RCPT TO:") {
                    recipients.append(String(line.dropFirst(8)).trimmingCharacters(in: CharacterSet(charactersIn: "<>")))
                    try await say("250 OK")
                } else if command == "DATA" {
                    try await say("354 End data with <CR><LF>.<CR><LF>")
                    var data: [String] = []
                    while let dataLine = try await lines.next(), dataLine != "." {
                        data.append(dataLine.hasPrefix(".") ? String(dataLine.dropFirst()) : dataLine)
                    }
                    let mail = Received(sender: sender, recipients: recipients, credentials: credentials, lines: data)
                    kept.withLockedValue { $0.append(mail) }
                    recipients = []
                    try await say("250 OK queued")
                } else if command == "QUIT" {
                    try await say("221 Bye")
                    return
                } else {
                    try await say("502 Command not implemented")
                }
            }
        }
    }
}
