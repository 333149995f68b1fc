import Fluent
import OXOCore

/// A user's photo: the address of a row of `photos` (before `CreatePhotos`, the hash of a
/// row of `media`, which became its address), or nil for the stock avatar. No foreign key:
/// Media stands below Accounts, and a photo row is never changed.
package struct AddAvatars: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("users").field("avatar_media", .string).update()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("users").deleteField("avatar_media").update()
    }
}
