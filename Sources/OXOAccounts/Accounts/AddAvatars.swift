import Fluent

/// A user's photo: the hash of a row of `media`, or nil for the stock avatar. No foreign
/// key: a photo row is shared by whoever uploaded the same bytes and is never changed,
/// so the column names content, not an owner.
package struct AddAvatars: AsyncMigration {
    package init() {}

    /// The name databases recorded when it ran, kept whichever module holds it.
    package var name: String { "OXOServer.AddAvatars" }

    package func prepare(on database: any Database) async throws {
        try await database.schema(UserRecord.schema).field("avatar_media", .string).update()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema(UserRecord.schema).deleteField("avatar_media").update()
    }
}
