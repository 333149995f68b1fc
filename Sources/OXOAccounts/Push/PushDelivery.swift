import AsyncHTTPClient
import Crypto
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import OXOCore
import Vapor

/// Sends what the push outbox holds, in the background of each server process: when a
/// change of this process queued a push, and every `pushPollInterval` for the rest. Each
/// push is encrypted for its device (RFC 8291) and signed for its service (VAPID) as it
/// leaves. A 201 or 202 ends it; a 404 or 410 means the device unsubscribed, and its
/// subscription is deleted; a 429, a 5xx or no answer is tried again after
/// `pushRetryDelay` doubled at each failure (or `Retry-After`, if longer), up to
/// `attempts` tries; any other answer drops it. Every drop is logged and counted.
///
/// Each exchange, from the connection to the answer's last byte, ends within
/// `pushTimeout`, and up to `concurrentPushes` run side by side, each on its own: a push
/// due while a slow service holds one exchange goes out at once, beside it.
package final class PushDelivery: LifecycleHandler, Sendable {
    private let store: Store
    private let logger: Logger
    /// Its own client: no redirects (the server POSTs only to the endpoint it checked).
    private let client: HTTPClient
    private let task = NIOLockedValueBox<Task<Void, Never>?>(nil)
    /// The exchanges under way, by push; the loop claims no more than there is room for.
    private let inFlight = NIOLockedValueBox<[UUID: Task<Void, Never>]>([:])

    /// How long a claim holds a push: longer than one exchange may take.
    static let lease: TimeInterval = 60
    static let concurrentPushes = 20
    /// Tries in all before a push is given up.
    static let attempts = 6
    static let longestRetryDelay: TimeInterval = 3600

    package init(store: Store, logger: Logger, group: any EventLoopGroup) {
        self.store = store
        self.logger = logger
        let timeout = TimeAmount.milliseconds(Int64(store.context.configuration.pushTimeout * 1000))
        client = HTTPClient(eventLoopGroup: group, configuration: HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: timeout, read: timeout)))
    }

    package func start() {
        let state = store.context[PushState.self]
        state.logger.withLockedValue { $0 = logger }
        let (clock, interval) = (store.clock, store.context.configuration.pushPollInterval)
        task.withLockedValue {
            $0 = Task {
                while !Task.isCancelled {
                    await self.deliverDue()
                    await state.doorbell.wait(until: clock.now.addingTimeInterval(interval), on: clock)
                }
            }
        }
    }

    package func shutdownAsync(_ application: Application) async {
        let running = task.withLockedValue { task in defer { task = nil }; return task }
        running?.cancel()
        await running?.value
        for exchange in inFlight.withLockedValue({ Array($0.values) }) {
            exchange.cancel()
            await exchange.value
        }
        try? await client.shutdown()
    }

    /// Starts sending every push that is due now, as many as there is room for; each
    /// exchange that ends rings the doorbell, so the loop claims the next ones then.
    func deliverDue() async {
        do {
            let vapid = try await PushKeys.vapid(store)
            while !Task.isCancelled {
                let room = Self.concurrentPushes - inFlight.withLockedValue { $0.count }
                guard room > 0 else { return }
                let claimed = try await store.change { try await $0.push.claimDue(limit: room, lease: Self.lease) }
                if claimed.isEmpty { return }
                for queued in claimed { start(queued, vapid: vapid) }
            }
        } catch {
            logger.error("the push outbox could not be read", metadata: ["error": "\(String(reflecting: error))"])
        }
    }

    private func start(_ queued: QueuedPush, vapid: VAPID) {
        let id = queued.push.id
        let doorbell = store.context[PushState.self].doorbell
        inFlight.withLockedValue { running in
            running[id] = Task {
                await self.deliver(queued, vapid: vapid)
                _ = self.inFlight.withLockedValue { $0.removeValue(forKey: id) }
                doorbell.ring()
            }
        }
    }

    private func deliver(_ queued: QueuedPush, vapid: VAPID) async {
        let (push, device) = (queued.push, queued.device)
        let metadata: Logger.Metadata = ["push": "\(push.id)", "subscription": "\(device.id)", "attempt": "\(push.attempts)"]
        let answer: PushAnswer
        do {
            answer = .status(try await post(queued, vapid: vapid))
        } catch where Task.isCancelled {
            // The server is stopping: the push is let go as it was, for the next start.
            await settle(push) { try await $0.push.postpone(push.id, until: $0.now) }
            return
        } catch {
            answer = .unreachable("\(error)")
        }
        switch answer.outcome {
        case .delivered:
            ServerMetrics.pushSent()
            logger.info("push sent", metadata: metadata)
            await settle(push) { try await $0.push.remove(push.id) }
        case .gone:
            ServerMetrics.pushFailed(.gone)
            logger.info("the push service says the subscription is gone; it is deleted", metadata: metadata)
            await settle(push) { try await $0.push.removeSubscription(device.id) }
        case .refused(let status):
            ServerMetrics.pushFailed(.refused)
            logger.warning("the push service refused a push; it is dropped", metadata: metadata.merging(["status": "\(status)"]) { $1 })
            await settle(push) { try await $0.push.remove(push.id) }
        case .later(let retryAfter, let why):
            guard push.attempts < Self.attempts else {
                ServerMetrics.pushFailed(.gaveUp)
                logger.warning("a push the service did not take is given up", metadata: metadata.merging(["error": "\(why)"]) { $1 })
                await settle(push) { try await $0.push.remove(push.id) }
                return
            }
            let backoff = store.context.configuration.pushRetryDelay * pow(2, Double(push.attempts - 1))
            let delay = min(Self.longestRetryDelay, max(backoff, retryAfter ?? 0))
            ServerMetrics.pushRetried()
            logger.notice("the push service did not take a push; it is tried again later",
                          metadata: metadata.merging(["retry_in_seconds": "\(Int(delay))", "error": "\(why)"]) { $1 })
            await settle(push) { try await $0.push.postpone(push.id, until: $0.now.addingTimeInterval(delay)) }
        }
    }

    /// POSTs the push, encrypted and signed; returns the service's status and `Retry-After`.
    private func post(_ queued: QueuedPush, vapid: VAPID) async throws -> (status: UInt, retryAfter: TimeInterval?) {
        let (push, device) = (queued.push, queued.device)
        guard let endpoint = URL(string: device.endpoint), let p256dh = Base64URL.decode(device.p256dh),
              let auth = Base64URL.decode(device.auth)
        else { return (400, nil) }
        let body = try WebPushEncryption().encrypt(Array(push.payload.utf8),
                                                   for: try P256.KeyAgreement.PublicKey(x963Representation: p256dh), authSecret: auth)
        var request = HTTPClientRequest(url: device.endpoint)
        request.method = .POST
        request.headers.add(name: "Authorization", value: try vapid.authorization(for: endpoint, now: store.clock.now))
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        request.headers.add(name: "TTL", value: "\(push.ttlSeconds)")
        request.headers.add(name: "Urgency", value: push.urgency)
        request.headers.add(name: "Topic", value: PushTopic.of(tag: push.tag))
        request.body = .bytes(body)
        let prepared = request
        let seconds = store.context.configuration.pushTimeout
        return try await withDeadline(.milliseconds(Int64(seconds * 1000)), otherwise: { DeadlinePassed("no answer within \(seconds) s") }) { [client] in
            let response = try await client.execute(prepared, timeout: .hours(1))
            // Only the status matters; the body is read and thrown away, up to a bound, and
            // within the exchange's deadline: a service that sends it a byte at a time would
            // otherwise hold the exchange for as long as it liked.
            _ = try await response.body.collect(upTo: 64 * 1024)
            return (response.status.code, response.headers.first(name: "Retry-After").flatMap(TimeInterval.init))
        }
    }

    /// A push's outcome written; if even that fails, its claim lapses and it is tried again.
    private func settle(_ push: ClaimedPush, _ body: @escaping @Sendable (Change) async throws -> Void) async {
        do { try await store.change(body) } catch {
            logger.error("a push's outcome could not be written", metadata: ["push": "\(push.id)", "error": "\(String(reflecting: error))"])
        }
    }
}

/// What a push service's answer means for the push.
enum PushAnswer {
    case status((status: UInt, retryAfter: TimeInterval?))
    case unreachable(String)

    enum Outcome: Equatable {
        case delivered, gone, refused(UInt), later(retryAfter: TimeInterval?, why: String)
    }

    var outcome: Outcome {
        switch self {
        case .unreachable(let why): return .later(retryAfter: nil, why: why)
        case .status(let (status, retryAfter)):
            switch status {
            case 200..<300: return .delivered
            case 404, 410: return .gone
            case 429, 500..<600: return .later(retryAfter: retryAfter, why: "HTTP \(status)")
            default: return .refused(status)
            }
        }
    }
}

/// RFC 8030's `Topic` (at most 32 characters of base64url), under which a push service
/// keeps only the newest undelivered push: the tag's SHA-256, its first 16 bytes in hex.
enum PushTopic {
    static func of(tag: String) -> String {
        SHA256.hash(data: Array(tag.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}
