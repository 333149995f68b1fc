import Foundation
import OXOCore
import Testing

/// Two servers on one PostgreSQL database send from one outbox; each mail goes once.
@Suite(
    "One outbox, two senders",
    .enabled(if: TestStorage.postgresURL != nil, "set OXO_TEST_DATABASE_URL=postgres://… to run the many-process tests")
)
struct MailManyProcessesTests {
    @Test func eachMailIsSentByOneProcessOnly() async throws {
        let sink = try await SMTPSink.start()
        // Both look at the outbox all the time, so that they race for every mail.
        let eager: (inout ServerConfiguration) -> Void = { $0.smtpURL = sink.url; $0.mailPollInterval = 0.02 }
        let first = try await TestServer.start(adjust: eager)
        let second = try await TestServer.start(storage: first.configuration.storage, adjust: eager)
        let result = await outcome {
            let names = (0..<24).map { "player\($0)" }
            // Half through each server.
            let registered = await concurrently(names.indices) { index in
                _ = try await RawHTTP(baseURL: index.isMultiple(of: 2) ? first.baseURL : second.baseURL).register(names[index])
            }
            for registration in registered { try registration.get() }
            for name in names { _ = try await sink.mail(to: "\(name)@example.org") }
            try await within { while try await !first.outbox().isEmpty { try await Task.sleep(for: .milliseconds(20)) } }
            return names
        }
        try? await second.stop()
        try? await first.stop()
        await sink.stop()
        try? await TestStorage.remove(first.configuration.storage)
        let names = try result.get()
        for name in names {
            #expect(sink.received.filter { $0.recipients == ["\(name)@example.org"] }.count == 1, "\(name)")
        }
        #expect(sink.received.count == names.count)
    }
}
