import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import OXOCore

/// Hands one mail to the relay over SMTP: EHLO, STARTTLS (required unless the relay is on
/// this machine), AUTH PLAIN or LOGIN when the URL has credentials, MAIL FROM, RCPT TO,
/// DATA (dot-stuffed) and QUIT. One connection a mail: a few a day, not a stream.
struct SMTPClient: Sendable {
    let relay: SMTPRelay
    let from: MailFrom
    let group: any EventLoopGroup
    /// How long the whole conversation may take, connecting included.
    var timeout: Duration = .seconds(60)

    func send(_ mail: Mail, id: UUID, date: Date) async throws {
        let data = MIMEMessage.render(mail, from: from, date: date, id: id)
        let timeout = timeout
        try await withDeadline(timeout, otherwise: { SMTPError("the relay took longer than \(timeout) to take the mail") }) {
            try await self.converse(data: data, recipient: mail.recipient)
        }
    }

    private func converse(data: String, recipient: String) async throws {
        let channel = try await ClientBootstrap(group: group)
            .connectTimeout(.seconds(15))
            .connect(host: relay.host, port: relay.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SMTPLineDecoder()))
                    return try NIOAsyncChannel<String, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        try await channel.executeThenClose { inbound, outbound in
            var replies = SMTPReplies(lines: inbound.makeAsyncIterator())
            func command(_ line: String, expect codes: Set<Int>, permanentIfRefused: Bool = false,
                         shown: String? = nil) async throws -> SMTPReply {
                try await outbound.write(ByteBuffer(string: line + "\r\n"))
                let reply = try await replies.next()
                guard codes.contains(reply.code) else {
                    // A password never goes into an error: AUTH's lines are named, not quoted.
                    throw SMTPError("the relay answered \(shown ?? line) with \(reply.code) \(reply.text)",
                                    permanent: permanentIfRefused && reply.code >= 500)
                }
                return reply
            }
            let greeting = try await replies.next()
            guard greeting.code == 220 else { throw SMTPError("the relay greeted with \(greeting.code) \(greeting.text)") }
            var extensions = try await command("EHLO \(helloName)", expect: [250]).lines.dropFirst().map { $0.uppercased() }
            if !relay.isLoopback {
                guard extensions.contains(where: { $0.hasPrefix("STARTTLS") }) else {
                    throw SMTPError("the relay offers no STARTTLS, and mail leaves this machine only encrypted")
                }
                _ = try await command("STARTTLS", expect: [220])
                try await startTLS(on: channel.channel)
                extensions = try await command("EHLO \(helloName)", expect: [250]).lines.dropFirst().map { $0.uppercased() }
            }
            if let user = relay.user {
                let password = relay.password ?? ""
                let mechanisms = extensions.first { $0.hasPrefix("AUTH") }?.split(separator: " ").map(String.init) ?? []
                if mechanisms.contains("LOGIN") && !mechanisms.contains("PLAIN") {
                    _ = try await command("AUTH LOGIN", expect: [334])
                    _ = try await command(base64(user), expect: [334], shown: "AUTH LOGIN's user")
                    _ = try await command(base64(password), expect: [235], shown: "AUTH LOGIN's password")
                } else {
                    _ = try await command("AUTH PLAIN " + base64("\0\(user)\0\(password)"), expect: [235], shown: "AUTH PLAIN")
                }
            }
            _ = try await command("MAIL FROM:<\(from.address)>", expect: [250])
            _ = try await command("RCPT TO:<\(recipient)>", expect: [250, 251], permanentIfRefused: true)
            _ = try await command("DATA", expect: [354])
            _ = try await command(Self.dotStuffed(data) + ".", expect: [250], permanentIfRefused: true, shown: "the mail's data")
            // The mail is the relay's now; a QUIT that goes wrong changes nothing.
            _ = try? await command("QUIT", expect: [221])
        }
    }

    /// Lines that begin with a dot get another, so that none reads as the end of the data
    /// (RFC 5321, 4.5.2); `text` ends with CRLF.
    static func dotStuffed(_ text: String) -> String {
        text.split(separator: "\r\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") ? "." + $0 : String($0) }
            .joined(separator: "\r\n")
    }

    private func startTLS(on channel: any Channel) async throws {
        let context = try NIOSSLContext(configuration: .makeClientConfiguration())
        // Server Name Indication takes a name, not an address.
        let name = relay.host.contains(":") || relay.host.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : relay.host
        try await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.addHandler(
                try NIOSSLClientHandler(context: context, serverHostname: name), position: .first)
        }.get()
    }

    /// The name the server gives itself in EHLO: the sender's domain.
    private var helloName: String { from.address.split(separator: "@").last.map(String.init) ?? "localhost" }

    private func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }
}
