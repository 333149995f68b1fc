import Foundation
import OXOCore
import OXOProtocol
import SQLKit
import Testing

/// Runs `body` against a server that mails through a fresh sink, and stops both.
func withMailServer<T>(
    clock: ManualClock? = nil, logs: LogCapture? = nil, adjust: @escaping (inout ServerConfiguration) -> Void = { _ in },
    _ body: (TestServer, SMTPSink) async throws -> T
) async throws -> T {
    let sink = try await SMTPSink.start()
    do {
        let result = try await withServer(clock: clock, logs: logs, adjust: {
            $0.smtpURL = sink.url
            $0.mailFrom = "OXO <oxo@example.org>"
            adjust(&$0)
        }) { try await body($0, sink) }
        await sink.stop()
        return result
    } catch {
        await sink.stop()
        throw error
    }
}

extension DocumentedClient {
    /// Registers `username` and confirms the address with the link mailed to it.
    func registerVerified(_ username: String, sink: SMTPSink) async throws -> SessionGrant {
        let grant = try await register(username)
        let mail = try await sink.mail(to: "\(username)@example.org")
        let answer = try await send(.POST, "/v1/email-verifications", body: #"{"token":"\#(mail.token ?? "")"}"#)
        guard answer.status == 204 else { throw MailedLinkRefused(answer: String(decoding: answer.body, as: UTF8.self)) }
        return grant
    }
}

extension DocumentedClient {
    /// The session of `token` ended, and the socket opened with it closed (4001).
    func expectEnded(_ token: String, closing socket: SilentSocket, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        expectRefused(try await me(token: token), 401, .unauthorized, sourceLocation: sourceLocation)
        #expect(await socket.framesUntilClose().last?.closeCode == 4001, sourceLocation: sourceLocation)
    }

    /// `username` signs in with `new`, and no longer with `old`.
    func expectSignsIn(_ username: String, with new: String, notWith old: String,
                       sourceLocation: SourceLocation = #_sourceLocation) async throws {
        expectRefused(try await send(.POST, "/v1/sessions", body: #"{"login":"\#(username)","password":"\#(old)"}"#),
                      401, .invalidCredentials, sourceLocation: sourceLocation)
        let signIn = try await send(.POST, "/v1/sessions", body: #"{"login":"\#(username)","password":"\#(new)"}"#)
        #expect(signIn.status == 201, sourceLocation: sourceLocation)
    }
}

struct MailedLinkRefused: Error {
    let answer: String
}

extension TestServer {
    /// The outbox's rows: attempts made and whether a sender holds each now.
    func outbox() async throws -> [(attempts: Int, claimed: Bool)] {
        try await app.db.sql.raw("SELECT attempts, claimed_until FROM mail_outbox").all().map {
            (try $0.decode(column: "attempts", as: Int.self), try $0.decode(column: "claimed_until", as: Date?.self) != nil)
        }
    }
}
