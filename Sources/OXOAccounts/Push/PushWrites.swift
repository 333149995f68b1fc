import Foundation
import OXOCore
import SQLKit

/// Push's writes, on `change.push`: the outbox, the devices' subscriptions and the server's key.
package struct PushWrites: ChangeHandle { package let change: Change }

extension Change { package var push: PushWrites { PushWrites(change: self) } }

/// The push outbox: one row a push to one device, written in the change that makes what
/// it tells of, sent by `PushDelivery` after the commit, never on the change's own path.
extension PushWrites {
    /// Pushes waiting for one user, and in all: past these the oldest are dropped (logged
    /// and counted), so a user whose devices are unreachable, or a push service that is
    /// down, cannot make the server hold ever more.
    static let pushesWaitingPerUser = 50
    static let pushesWaiting = 100_000

    /// Queues `message` for each of `user`'s devices, unless `skip` (a condition over a
    /// user-id column, such as a mute or being online) holds for them. A push of the same
    /// tag still waiting for a device is replaced. Sent only if this change commits.
    package func queue(_ message: PushMessage, to user: UUID,
                           unless skip: (_ column: String) -> SQLQueryString = { _ in "1 = 0" }) async throws {
        let devices = try await sql.raw("""
            SELECT s.id FROM push_subscriptions s WHERE s.user_id = \(bind: user) AND NOT (\(skip("s.user_id")))
            """).all().map { try $0.decode(column: "id", as: UUID.self) }
        guard !devices.isEmpty else { return }
        try await sql.raw("""
            DELETE FROM push_outbox WHERE subscription_id IN \(SQLBind.group(devices)) AND tag = \(bind: message.tag)
            AND (claimed_until IS NULL OR claimed_until <= \(bind: now))
            """).run()
        for device in devices {
            try await sql.insert(into: "push_outbox")
                .columns("id", "subscription_id", "user_id", "payload", "tag", "urgency", "ttl_seconds", "created_at",
                         "attempts", "next_attempt_at")
                .values(SQLBind(UUID.random()), SQLBind(device), SQLBind(user), SQLBind(message.payload), SQLBind(message.tag),
                        SQLBind(message.urgency.rawValue), SQLBind(message.timeToLive), SQLBind(now), SQLBind(0), SQLBind(now))
                .run()
        }
        let dropped = try await dropOldest(of: user)
        let state = context[PushState.self]
        afterCommit {
            if dropped > 0 {
                ServerMetrics.pushFailed(.queueFull, count: dropped)
                state.logger.withLockedValue { $0 }.warning("the push queue is full: the oldest pushes were dropped",
                                                             metadata: ["dropped": "\(dropped)"])
            }
            state.doorbell.ring()
        }
    }

    /// Drops the oldest pushes past the bounds (per user, then in all); returns how many.
    private func dropOldest(of user: UUID) async throws -> Int {
        var dropped = try await sql.raw("""
            DELETE FROM push_outbox WHERE user_id = \(bind: user) AND id NOT IN (SELECT id FROM push_outbox
            WHERE user_id = \(bind: user) ORDER BY created_at DESC, id DESC LIMIT \(literal: Self.pushesWaitingPerUser))
            RETURNING id
            """).all().count
        let waiting = try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count").from("push_outbox")
            .first()?.decode(column: "count", as: Int.self) ?? 0
        if waiting > Self.pushesWaiting {
            dropped += try await sql.raw("""
                DELETE FROM push_outbox WHERE id IN (SELECT id FROM push_outbox ORDER BY created_at, id
                LIMIT \(literal: waiting - Self.pushesWaiting)) RETURNING id
                """).all().count
        }
        return dropped
    }

    /// Claims up to `limit` pushes that are due (`claimDue`), with their devices' addresses
    /// and keys; a push whose device went meanwhile is not among them.
    func claimDue(limit: Int, lease: TimeInterval) async throws -> [QueuedPush] {
        let claimed = try await outbox.claimDue(returning: ClaimedPush.CodingKeys.allCases.map(\.rawValue),
                                         limit: limit, lease: lease, as: ClaimedPush.self)
        guard !claimed.isEmpty else { return [] }
        let devices = try await sql.select().columns("id", "endpoint", "p256dh", "auth").from("push_subscriptions")
            .where("id", .in, claimed.map(\.subscriptionId)).all(decoding: PushDevice.self)
        let byID = Dictionary(devices.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return claimed.compactMap { push in byID[push.subscriptionId].map { QueuedPush(push: push, device: $0) } }
    }

    /// Removes a push that was delivered, or is given up.
    func remove(_ id: UUID) async throws {
        try await sql.delete(from: "push_outbox").where("id", .equal, id).run()
    }

    /// Lets a claimed push go until `due`.
    func postpone(_ id: UUID, until due: Date) async throws {
        try await outbox.postpone(id, until: due)
    }

    /// Where the pushes wait: Storage claims them for one sender at a time.
    private var outbox: Outbox { Outbox(of: change, table: "push_outbox") }
}

/// A push's row as claimed.
struct ClaimedPush: Decodable, Sendable {
    let id: UUID
    let subscriptionId: UUID
    let payload: String
    let tag: String
    let urgency: String
    let ttlSeconds: Int
    let createdAt: Date
    /// Counting the one this claim is for.
    let attempts: Int

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, subscriptionId = "subscription_id", payload, tag, urgency, ttlSeconds = "ttl_seconds", createdAt = "created_at",
             attempts
    }
}

/// Where a push goes: the device's endpoint and keys.
struct PushDevice: Decodable, Sendable {
    let id: UUID
    let endpoint: String
    let p256dh: String
    let auth: String
}

/// A claimed push and its device.
struct QueuedPush: Sendable {
    let push: ClaimedPush
    let device: PushDevice
}
