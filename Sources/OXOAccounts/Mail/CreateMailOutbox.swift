import Fluent
import OXOCore
import SQLKit

/// The outbox: each mail waits here, in the database, until a relay has taken it, so that
/// a relay that is down, or a server that restarts, loses none. A row is claimed by one
/// sender at a time (`claimed_until`) and deleted once the relay took it.
package struct CreateMailOutbox: AsyncMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("mail_outbox")
            .id()
            .field("recipient", .string, .required)
            .field("subject", .string, .required)
            .field("text_body", .string, .required)
            .field("html_body", .string, .required)
            // The link the mail carries, logged instead of sent while no relay is set.
            .field("link", .string, .required)
            .field("created_at", .datetime, .required)
            .field("attempts", .int, .required)
            .field("next_attempt_at", .datetime, .required)
            .field("claimed_until", .datetime)
            .create()
        try await database.sql.raw("CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at)").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("mail_outbox").delete()
    }
}
