import Fluent

/// What the session list shows of each session besides its times: the device it signed in
/// with (named from its User-Agent) and the address it signed in from. Sessions opened
/// before have neither.
package struct AddSessionDevices: AsyncMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        // One column a statement: SQLite adds one per ALTER TABLE.
        try await database.schema("sessions").field("device", .string).update()
        try await database.schema("sessions").field("address", .string).update()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("sessions").deleteField("address").update()
        try await database.schema("sessions").deleteField("device").update()
    }
}
