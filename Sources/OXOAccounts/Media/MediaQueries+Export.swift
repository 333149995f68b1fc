import Foundation
import OXOProtocol
import SQLKit

extension MediaQueries {
    /// Every photo `uploader` uploaded, bytes and all, oldest first, for their export.
    package func uploads(of uploader: UUID) async throws -> [ExportedPhoto] {
        try await database.raw("""
            SELECT p.id AS address, p.created_at AS created_at, m.content_type AS content_type, m.width AS width,
            m.height AS height, m.bytes AS bytes
            FROM photos p JOIN media m ON m.hash = p.media_hash WHERE p.uploader_id = \(bind: uploader)
            ORDER BY p.created_at, p.id
            """).all().map { row in
            ExportedPhoto(url: AvatarURL.photo(try row.decode(column: "address", as: String.self)),
                          contentType: try row.decode(column: "content_type", as: String.self),
                          width: try row.decode(column: "width", as: Int.self), height: try row.decode(column: "height", as: Int.self),
                          uploadedAt: try row.decode(column: "created_at", as: Date.self),
                          bytes: try row.decode(column: "bytes", as: Data.self))
        }
    }
}
