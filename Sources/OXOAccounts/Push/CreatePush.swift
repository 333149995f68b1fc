import Fluent
import OXOCore
import SQLKit

/// Web Push's tables: the server's VAPID key (one row, made by the first process to
/// start, so every process signs with the key browsers subscribed with), the devices'
/// subscriptions (each tied to the session that made it, so it goes when that session
/// ends), and the outbox of pushes waiting to be sent, as Mail's is.
package struct CreatePush: AsyncMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("push_keys")
            .field("name", .string, .identifier(auto: false))
            // The P-256 private key, base64url of its 32 raw bytes.
            .field("private_key", .string, .required)
            .field("created_at", .datetime, .required)
            .create()
        try await database.schema("push_subscriptions")
            .id()
            .field("user_id", .uuid, .required, .references("users", .id, onDelete: .cascade))
            .field("session_id", .uuid, .required, .references("sessions", .id, onDelete: .cascade))
            .field("endpoint", .string, .required)
            .field("p256dh", .string, .required)
            .field("auth", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "endpoint")
            .create()
        try await database.sql.raw("CREATE INDEX push_subscriptions_by_user ON push_subscriptions (user_id, created_at)").run()
        try await database.sql.raw("CREATE INDEX push_subscriptions_by_session ON push_subscriptions (session_id)").run()
        try await database.schema("push_outbox")
            .id()
            .field("subscription_id", .uuid, .required, .references("push_subscriptions", .id, onDelete: .cascade))
            .field("user_id", .uuid, .required)
            // The JSON the service worker is given, encrypted only when it is sent.
            .field("payload", .string, .required)
            // Pushes of one tag to one device replace each other while they wait.
            .field("tag", .string, .required)
            .field("urgency", .string, .required)
            .field("ttl_seconds", .int, .required)
            .field("created_at", .datetime, .required)
            .field("attempts", .int, .required)
            .field("next_attempt_at", .datetime, .required)
            .field("claimed_until", .datetime)
            .create()
        try await database.sql.raw("CREATE INDEX push_outbox_due ON push_outbox (next_attempt_at)").run()
        try await database.sql.raw("CREATE INDEX push_outbox_by_user ON push_outbox (user_id, created_at)").run()
        try await database.sql.raw("CREATE INDEX push_outbox_by_subscription ON push_outbox (subscription_id, tag)").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("push_outbox").delete()
        try await database.schema("push_subscriptions").delete()
        try await database.schema("push_keys").delete()
    }
}
