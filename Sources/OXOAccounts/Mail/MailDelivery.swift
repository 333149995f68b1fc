import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import OXOCore
import Vapor

/// Sends what the outbox holds, in the background of each server process: when a change of
/// this process queued a mail, and every `mailPollInterval` for the rest (mail another
/// process queued, mail due again). A mail the relay did not take is tried again after
/// `mailRetryDelay`, doubled at each failure up to an hour, and given up after two days;
/// one the relay refused for good (a 5xx to its recipient or content) is dropped. Without a
/// relay each mail's link is logged at notice level, so a server on a laptop still lets
/// people reset a password.
package final class MailDelivery: LifecycleHandler, Sendable {
    private let store: Store
    private let logger: Logger
    private let client: SMTPClient?
    private let task = NIOLockedValueBox<Task<Void, Never>?>(nil)

    /// How long a claim holds a mail: longer than a conversation with the relay may take.
    static let lease: TimeInterval = 300
    static let longestRetryDelay: TimeInterval = 3600
    static let givenUpAfter: TimeInterval = 2 * 24 * 3600

    /// Throws `MailSettingsError` for a relay URL or a sender that cannot work.
    package init(store: Store, logger: Logger, group: any EventLoopGroup) throws {
        self.store = store
        self.logger = logger
        let configuration = store.context.configuration
        let from = try MailFrom(configuration.mailFrom)
        if let url = configuration.smtpURL {
            client = SMTPClient(relay: try SMTPRelay(url: url), from: from, group: group)
        } else {
            client = nil
        }
    }

    package func start() {
        if let client {
            logger.notice("mail goes out through the relay", metadata: ["relay": "\(client.relay)"])
        } else {
            logger.notice("no mail relay is set (--smtp-url): the link of each mail is logged at notice level instead")
        }
        let (clock, interval, doorbell) = (store.clock, store.context.configuration.mailPollInterval, store.context[MailDoorbell.self])
        task.withLockedValue {
            $0 = Task {
                while !Task.isCancelled {
                    await self.deliverDue()
                    await doorbell.wait(until: clock.now.addingTimeInterval(interval), on: clock)
                }
            }
        }
    }

    package func shutdownAsync(_ application: Application) async {
        let running = task.withLockedValue { task in defer { task = nil }; return task }
        running?.cancel()
        await running?.value
    }

    /// Sends every mail that is due now.
    func deliverDue() async {
        do {
            while !Task.isCancelled {
                let claimed = try await store.change { try await $0.mail.claimDue(limit: 10, lease: Self.lease) }
                if claimed.isEmpty { return }
                for mail in claimed { await deliver(mail) }
            }
        } catch {
            logger.error("the mail outbox could not be read", metadata: ["error": "\(String(reflecting: error))"])
        }
    }

    private func deliver(_ queued: QueuedMail) async {
        do {
            if let client {
                try await client.send(queued.mail, id: queued.id, date: queued.createdAt)
                logger.info("mail sent", metadata: ["mail": "\(queued.id)", "attempt": "\(queued.attempts)"])
            } else {
                logger.notice("mail not sent: no relay is set", metadata: [
                    "mail": "\(queued.id)", "subject": "\(queued.subject)", "link": "\(queued.link)",
                ])
            }
            try await store.change { try await $0.mail.remove(queued.id) }
        } catch where Task.isCancelled {
            // The server is stopping: the mail is let go as it was, for the next start.
            await settle(queued) { try await $0.mail.postpone(queued.id, until: $0.now) }
        } catch let error as SMTPError where error.permanent {
            logger.warning("the relay refused a mail for good; it is dropped", metadata: ["mail": "\(queued.id)", "error": "\(error)"])
            await settle(queued) { try await $0.mail.remove(queued.id) }
        } catch {
            if store.clock.now.timeIntervalSince(queued.createdAt) >= Self.givenUpAfter {
                logger.warning("a mail the relay did not take for two days is given up", metadata: ["mail": "\(queued.id)", "error": "\(error)"])
                await settle(queued) { try await $0.mail.remove(queued.id) }
                return
            }
            let delay = min(Self.longestRetryDelay, store.context.configuration.mailRetryDelay * pow(2, Double(queued.attempts - 1)))
            logger.warning("the relay did not take a mail; it is tried again later", metadata: [
                "mail": "\(queued.id)", "attempt": "\(queued.attempts)", "retry_in_seconds": "\(Int(delay))", "error": "\(error)",
            ])
            await settle(queued) { try await $0.mail.postpone(queued.id, until: $0.now.addingTimeInterval(delay)) }
        }
    }

    /// A mail's outcome written; if even that fails, its claim lapses and it is tried again.
    private func settle(_ queued: QueuedMail, _ body: @escaping @Sendable (Change) async throws -> Void) async {
        do { try await store.change(body) } catch {
            logger.error("a mail's outcome could not be written", metadata: ["mail": "\(queued.id)", "error": "\(String(reflecting: error))"])
        }
    }
}
