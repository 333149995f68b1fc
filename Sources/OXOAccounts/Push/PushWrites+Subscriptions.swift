import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// A device's subscription is stored once (its endpoint is unique) and belongs to the
/// session that last posted it: signing out, revoking that session or its expiry deletes
/// the row (`ON DELETE CASCADE`), and the pushes waiting for it with it.
extension PushWrites {
    /// Stores `subscription` for `user`'s `session`; the same endpoint again is the same
    /// row, tied to this session (and user) from now on, with the keys it came with (and,
    /// when it was another user's, counted as this user's newest). Returns the row and whether it is new. Past `limit` a
    /// user's oldest rows go, however the row came to them.
    func subscribe(_ subscription: CheckedSubscription, user: UUID, session: UUID, limit: Int)
        async throws -> (view: PushSubscriptionView, created: Bool)
    {
        let inserted = try await sql.raw("""
            INSERT INTO push_subscriptions (id, user_id, session_id, endpoint, p256dh, auth, created_at)
            VALUES (\(bind: UUID.random()), \(bind: user), \(bind: session), \(bind: subscription.endpoint), \(bind: subscription.p256dh),
            \(bind: subscription.auth), \(bind: now))
            ON CONFLICT (endpoint) DO NOTHING RETURNING id, endpoint, created_at
            """).first(decoding: StoredSubscription.self)
        // SET reads the row as it was: a device that changes hands is the new owner's newest.
        var stored = inserted
        if stored == nil { stored = try await sql.raw("""
            UPDATE push_subscriptions SET created_at = CASE WHEN user_id = \(bind: user) THEN created_at ELSE \(bind: now) END,
            user_id = \(bind: user), session_id = \(bind: session), p256dh = \(bind: subscription.p256dh), auth = \(bind: subscription.auth)
            WHERE endpoint = \(bind: subscription.endpoint) RETURNING id, endpoint, created_at
            """).first(decoding: StoredSubscription.self) }
        guard let stored else { throw APIError(.storageUnavailable, "The subscription went as it was stored; try again.") }
        try await sql.raw("""
            DELETE FROM push_subscriptions WHERE user_id = \(bind: user) AND id NOT IN (
            SELECT id FROM push_subscriptions WHERE user_id = \(bind: user) ORDER BY created_at DESC, id DESC LIMIT \(literal: limit))
            """).run()
        return (stored.view, inserted != nil)
    }

    /// Deletes `user`'s subscription `id`; `not_found` for anyone else's or none.
    func unsubscribe(_ id: PushSubscriptionID, of user: UUID) async throws {
        guard try await sql.delete(from: "push_subscriptions").where("id", .equal, id.rawValue).where("user_id", .equal, user)
            .returning("id").first() != nil
        else { throw APIError(.notFound, "You have no push subscription \(id).") }
    }

    /// Deletes a subscription the push service says is gone (404 or 410).
    func removeSubscription(_ id: UUID) async throws {
        try await sql.delete(from: "push_subscriptions").where("id", .equal, id).run()
    }
}

/// Reads of the subscriptions.
package struct PushQueries {
    let database: any SQLDatabase

    init(database: any SQLDatabase) {
        self.database = database
    }

    /// `user`'s subscriptions, oldest first.
    func subscriptions(of user: UUID) async throws -> [PushSubscriptionView] {
        try await database.select().columns("id", "endpoint", "created_at").from("push_subscriptions")
            .where("user_id", .equal, user).orderBy("created_at").orderBy("id")
            .all(decoding: StoredSubscription.self).map(\.view)
    }

    /// Whether `user` has any device to push to, asked before a push's words are made.
    package func hasSubscriptions(_ user: UUID) async throws -> Bool {
        try await Self.anySubscription.on(database, user).first() != nil
    }

    /// Asked for the player to move after nearly every move, so written once.
    private static let anySubscription = FixedStatement("SELECT id FROM push_subscriptions WHERE user_id = $1 LIMIT 1")
}

private struct StoredSubscription: Decodable {
    let id: UUID
    let endpoint: String
    let createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, endpoint, createdAt = "created_at"
    }

    var view: PushSubscriptionView { PushSubscriptionView(id: PushSubscriptionID(rawValue: id), endpoint: endpoint, createdAt: createdAt) }
}

extension Reads {
    package var push: PushQueries { PushQueries(database: sql) }
}
