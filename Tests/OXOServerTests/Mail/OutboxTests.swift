import Foundation
import NIOPosix
import OXOClient
import OXOProtocol
@testable import OXOCore
@testable import OXOAccounts
import Testing

/// Mail waits in the database until a relay has taken it.
@Suite("The mail outbox")
struct OutboxTests {
    @Test func aMailIsSentThroughTheRelayAndLeavesTheOutbox() async throws {
        try await withMailServer { server, sink in
            let api = try await DocumentedClient.of(server)
            _ = try await api.register("alice")
            let mail = try await sink.mail(to: "alice@example.org")
            #expect(mail.sender == "oxo@example.org")
            #expect(mail.header("From") == "OXO <oxo@example.org>")
            #expect(mail.header("Subject") == "Confirm your address for OXO")
            #expect(mail.header("Content-Type")?.hasPrefix("multipart/alternative") == true)
            #expect(mail.text.contains("Hello alice,"))
            let link = try #require(mail.link)
            #expect(link.hasPrefix(server.baseURL + "/#/verify/"))
            // The HTML says the same, with the link as a link.
            #expect(mail.part("text/html")?.contains(#"<a href="\#(link)">"#) == true)
            try await within { while try await !server.outbox().isEmpty { try await Task.sleep(for: .milliseconds(10)) } }
        }
    }

    @Test func aMailTheRelayDidNotTakeIsTriedAgainLaterEvenAfterARestart() async throws {
        let clock = ManualClock()
        let port = try await SMTPSink.downPort()
        try await withServer(clock: clock, adjust: { $0.smtpURL = "smtp://127.0.0.1:\(port)"; $0.mailRetryDelay = 60 }) { server in
            _ = try await RawHTTP(baseURL: server.baseURL).register("alice")
            // The relay is down: one attempt, and the mail waits for the next.
            try await within {
                while true {
                    let rows = try await server.outbox()
                    if rows.count == 1, rows[0].attempts == 1, !rows[0].claimed { return }
                    try await Task.sleep(for: .milliseconds(10))
                }
            }
            // The server stops and starts again; the relay comes back.
            let sink = try await SMTPSink.start(port: port)
            let again = try await server.restarted(onSamePort: false)
            do {
                #expect(try await again.outbox().count == 1)
                // Not before its time: the first retry is a minute later.
                clock.advance(by: 30)
                #expect(try await again.outbox().first?.attempts == 1)
                // The sender sleeps on the clock between looks at the outbox: move it on until it looks.
                clock.advance(by: 31)
                try await within { while sink.received.isEmpty { clock.advance(by: 10); try await Task.sleep(for: .milliseconds(20)) } }
                let mail = try await sink.mail(to: "alice@example.org")
                #expect(mail.header("Subject") == "Confirm your address for OXO")
                try await within { while try await !again.outbox().isEmpty { try await Task.sleep(for: .milliseconds(10)) } }
                #expect(sink.received.count == 1)
                try await again.stop()
                await sink.stop()
            } catch {
                try? await again.stop()
                await sink.stop()
                throw error
            }
        }
    }

    @Test func mailWaitingForAnAccountThatIsDeletedIsNeverSent() async throws {
        let port = try await SMTPSink.downPort()
        try await withServer(adjust: { $0.smtpURL = "smtp://127.0.0.1:\(port)"; $0.mailRetryDelay = 60 }) { server in
            let raw = RawHTTP(baseURL: server.baseURL)
            let alice = try await raw.register("alice")
            _ = try await raw.register("bob")
            try await within { while try await server.outbox().count < 2 { try await Task.sleep(for: .milliseconds(10)) } }
            #expect(try await raw.send(.DELETE, "/v1/me", token: alice, body: #"{"password":"password-alice"}"#).status == 204)
            // Bob's mail still waits for the relay; Alice's, to an address no account has now, is gone.
            #expect(try await server.outbox().count == 1)
        }
    }

    @Test func withoutARelayTheLinkIsLoggedAndSaidOnceAtStart() async throws {
        let logs = LogCapture()
        try await withServer(logs: logs) { server in
            _ = try await RawHTTP(baseURL: server.baseURL).register("alice")
            try await within { while !logs.text.contains("mail not sent: no relay is set") { try await Task.sleep(for: .milliseconds(10)) } }
            let lines = logs.text.split(separator: "\n")
            #expect(lines.filter { $0.contains("no mail relay is set") }.count == 1)
            let logged = try #require(lines.first { $0.contains("mail not sent") })
            #expect(logged.hasPrefix("notice"))
            #expect(logged.contains("\(server.baseURL)/#/verify/"))
            try await within { while try await !server.outbox().isEmpty { try await Task.sleep(for: .milliseconds(10)) } }
        }
    }

    @Test func theClientAuthenticatesAndDotStuffsWhatItSends() async throws {
        let sink = try await SMTPSink.start()
        let relay = try SMTPRelay(url: "smtp://mailer:p%40ss:word@127.0.0.1:\(sink.port)")
        let client = SMTPClient(relay: relay, from: try MailFrom("OXO <oxo@example.org>"), group: MultiThreadedEventLoopGroup.singleton)
        let text = ".a line that starts with a dot\n..and two\nthé end\n"
        let sent = await outcome {
            try await client.send(Mail(recipient: "bob@example.org", subject: "Dots é", text: text, html: "<p>.</p>", link: "x"),
                                  id: UUID(), date: Date())
            return try await sink.mail(to: "bob@example.org")
        }
        await sink.stop()
        let mail = try sent.get()
        #expect(mail.credentials == "\0mailer\0p@ss:word")
        #expect(mail.text == text)
        #expect(mail.header("Subject") == "=?UTF-8?B?\(Data("Dots é".utf8).base64EncodedString())?=")
        #expect(SMTPClient.dotStuffed(".one\r\ntwo\r\n..three\r\n") == "..one\r\ntwo\r\n...three\r\n")
        #expect(!relay.description.contains("p%40ss") && !relay.description.contains("mailer"))
    }

    @Test func theRelaysPasswordAndTheLinksTokensStayOutOfTheLog() async throws {
        let logs = LogCapture()
        try await withMailServer(logs: logs, adjust: {
            $0.smtpURL = $0.smtpURL?.replacingOccurrences(of: "smtp://", with: "smtp://mailer:relay-secret@")
        }) { server, sink in
            let api = try await DocumentedClient.of(server)
            _ = try await api.registerVerified("alice", sink: sink)
            _ = try await api.send(.POST, "/v1/password-resets", body: #"{"email":"alice@example.org"}"#)
            let reset = try await sink.mail(to: "alice@example.org", count: 2)
            #expect(reset.credentials == "\0mailer\0relay-secret")
            let token = try #require(reset.token)
            _ = try await api.send(.POST, "/v1/password-resets/redeem", body: #"{"token":"\#(token)","password":"a-new-password"}"#)
            let verification = try #require(try await sink.mail(to: "alice@example.org").token)
            let log = logs.text
            #expect(log.contains("mail sent"), "the log is captured")
            // On PostgreSQL the driver logs each statement's values at trace level, and the
            // outbox's row holds the mail with its link (docs/SECURITY.md).
            let tokens = TestStorage.postgresURL == nil ? [token, verification] : []
            for secret in ["relay-secret", "a-new-password"] + tokens {
                #expect(!log.contains(secret), "the log shows \(secret)")
            }
        }
    }

    @Test func onlyARelayOnThisMachineIsSpokenToInTheClear() throws {
        #expect(try SMTPRelay(url: "smtp://127.0.0.1:2525").isLoopback)
        #expect(try SMTPRelay(url: "smtp://localhost").isLoopback)
        #expect(try SMTPRelay(url: "smtp://localhost").port == 587)
        #expect(try !SMTPRelay(url: "smtp://user:pass@smtp.example.org:587").isLoopback)
        #expect(throws: MailSettingsError.self) { try SMTPRelay(url: "http://smtp.example.org") }
        #expect(throws: MailSettingsError.self) { try MailFrom("OXO") }
        #expect(try MailFrom("OXO <oxo@example.org>").address == "oxo@example.org")
    }
}
