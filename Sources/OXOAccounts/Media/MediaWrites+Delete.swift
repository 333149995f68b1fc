import Foundation
import OXOCore
import SQLKit

extension MediaWrites {
    /// Deletes every photo `uploader` uploaded: their addresses stop answering at once, and
    /// the bytes go with the last address that showed them (the same bytes uploaded by
    /// someone else stay theirs).
    package func deletePhotos(uploadedBy uploader: UUID) async throws {
        let hashes = try await sql.delete(from: "photos").where("uploader_id", .equal, uploader)
            .returning("media_hash").all().map { try $0.decode(column: "media_hash", as: String.self) }
        try await deleteUnshownMedia(Set(hashes))
    }

    /// Deletes the photo at `address`, as `deletePhotos(uploadedBy:)` does each of its.
    package func deletePhoto(at address: String) async throws {
        let hashes = try await sql.delete(from: "photos").where("id", .equal, address)
            .returning("media_hash").all().map { try $0.decode(column: "media_hash", as: String.self) }
        try await deleteUnshownMedia(Set(hashes))
    }

    /// Deletes the bytes of `hashes` that no address shows any more.
    private func deleteUnshownMedia(_ hashes: Set<String>) async throws {
        guard !hashes.isEmpty else { return }
        try await sql.raw("""
            DELETE FROM media WHERE hash IN \(SQLBind.group(Array(hashes)))
            AND NOT EXISTS (SELECT 1 FROM photos p WHERE p.media_hash = media.hash)
            """).run()
    }
}
