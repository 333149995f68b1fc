import Foundation
import OXOCore
import SQLKit

extension Change {
    /// Deletes every photo `uploader` uploaded: their addresses stop answering at once, and
    /// the bytes go with the last address that showed them (the same bytes uploaded by
    /// someone else stay theirs).
    package func deletePhotos(uploadedBy uploader: UUID) async throws {
        let hashes = try await sql.delete(from: "photos").where("uploader_id", .equal, uploader)
            .returning("media_hash").all().map { try $0.decode(column: "media_hash", as: String.self) }
        guard !hashes.isEmpty else { return }
        try await sql.raw("""
            DELETE FROM media WHERE hash IN \(SQLBind.group(Array(Set(hashes))))
            AND NOT EXISTS (SELECT 1 FROM photos p WHERE p.media_hash = media.hash)
            """).run()
    }
}
