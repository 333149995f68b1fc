import Foundation
import OXOCore
import SQLKit

extension Change {
    /// Stores a checked photo under its hash; a photo stored before is left as it is,
    /// which is safe since the same hash means the same bytes.
    package func store(_ image: CheckedImage) async throws {
        try await sql.insert(into: "media")
            .columns("hash", "content_type", "width", "height", "byte_count", "bytes", "created_at")
            .values(SQLBind(image.hash), SQLBind(image.header.format.contentType), SQLBind(image.header.width),
                    SQLBind(image.header.height), SQLBind(image.bytes.count), SQLBind(Data(image.bytes)), SQLBind(now))
            .ignoringConflicts(with: ["hash"])
            .run()
    }
}
