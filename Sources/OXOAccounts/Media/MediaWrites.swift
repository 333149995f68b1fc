import Foundation
import OXOCore
import SQLKit

/// Media's writes, on `change.media`: photos and the bytes they show.
package struct MediaWrites: ChangeHandle { package let change: Change }

extension Change { package var media: MediaWrites { MediaWrites(change: self) } }

extension MediaWrites {
    /// Stores a checked photo as an upload of `uploader` and returns its new address. The
    /// bytes are stored once per content: a photo stored before is left as it is, which
    /// is safe since the same hash means the same bytes.
    package func store(_ image: CheckedImage, uploadedBy uploader: UUID) async throws -> String {
        try await sql.insert(into: "media")
            .columns("hash", "content_type", "width", "height", "byte_count", "bytes", "created_at")
            .values(SQLBind(image.hash), SQLBind(image.header.format.contentType), SQLBind(image.header.width),
                    SQLBind(image.header.height), SQLBind(image.bytes.count), SQLBind(Data(image.bytes)), SQLBind(now))
            .ignoringConflicts(with: ["hash"])
            .run()
        let address = MediaRules.newAddress()
        try await sql.insert(into: "photos").columns("id", "media_hash", "uploader_id", "created_at")
            .values(SQLBind(address), SQLBind(image.hash), SQLBind(uploader), SQLBind(now))
            .run()
        return address
    }
}
