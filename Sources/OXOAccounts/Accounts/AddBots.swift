import Fluent
import OXOCore

/// Whether the account is a computer player's, made by an operator with
/// `oxo admin bot create`; registration never sets it. Every existing account is a person's.
package struct AddBots: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("users")
            .field("bot", .bool, .required, .sql(.default(false))).update()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("users").deleteField("bot").update()
    }
}
