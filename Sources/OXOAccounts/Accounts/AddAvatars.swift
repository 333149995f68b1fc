import Fluent

/// A user's photo: the address of a row of `photos` (before `CreatePhotos`, the hash of a
/// row of `media`, which became its address), or nil for the stock avatar. No foreign key:
/// Media stands below Accounts, and a photo row is never changed.
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
