import Fluent
import OXOCore

/// An address asked for at registration that another account holds: kept beside the
/// account's own (an address under `pending.invalid`), shown to its owner alone, so that
/// registration answers alike whether or not the address has an account.
package struct AddPendingEmails: AsyncMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("users").field("pending_email", .string).update()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("users").deleteField("pending_email").update()
    }
}
