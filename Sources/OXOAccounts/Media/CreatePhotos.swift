import Fluent
import SQLKit

/// Each upload's own address, apart from its content. Photos were served at the SHA-256
/// of their bytes, so anyone holding a picture could ask whether someone had uploaded it,
/// and send a message showing any photo whose hash they knew. Now each upload gets a
/// random 256-bit address and names its uploader; the bytes stay in `media`, once per
/// content. Photos stored before keep their hash as their address (it is out already),
/// with no uploader, so no new message can use them.
package struct CreatePhotos: AsyncMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("photos")
            .field("id", .string, .identifier(auto: false))
            .field("media_hash", .string, .required)
            // No foreign key: Media stands below Accounts. A deleted account's uploads stay
            // where rows show them and are no one's to send again.
            .field("uploader_id", .uuid)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql.raw("""
            INSERT INTO photos (id, media_hash, uploader_id, created_at) SELECT hash, hash, NULL, created_at FROM media
            """).run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("photos").delete()
    }
}
