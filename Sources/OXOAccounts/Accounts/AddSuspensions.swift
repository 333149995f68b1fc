import Fluent
import OXOCore

/// When a moderator suspended the account; nil for an account in good standing. A
/// suspended account cannot sign in, and its sessions were ended when it was suspended.
package struct AddSuspensions: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("users").field("suspended_at", .datetime).update()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("users").deleteField("suspended_at").update()
    }
}
