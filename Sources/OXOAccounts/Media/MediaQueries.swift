import Foundation
import SQLKit

/// A stored photo as it is served.
struct StoredImage: Sendable {
    let contentType: String
    let bytes: Data
}

/// Reads stored photos by their hash.
package struct MediaQueries {
    let database: any SQLDatabase

    package init(database: any SQLDatabase) {
        self.database = database
    }

    /// The photo's content type, without reading its bytes: enough to answer a client
    /// that has it already.
    func contentType(of hash: String) async throws -> String? {
        try await database.select().column("content_type").from("media").where("hash", .equal, hash)
            .first()?.decode(column: "content_type", as: String.self)
    }

    func image(_ hash: String) async throws -> StoredImage? {
        guard let row = try await database.select().columns("content_type", "bytes").from("media").where("hash", .equal, hash)
            .first()
        else { return nil }
        return StoredImage(contentType: try row.decode(column: "content_type", as: String.self),
                           bytes: try row.decode(column: "bytes", as: Data.self))
    }

}

extension MediaQueries {
    /// A stored photo's size in pixels; nil when no photo has this hash.
    package func size(of hash: String) async throws -> (width: Int, height: Int)? {
        guard MediaRules.isHash(hash),
              let row = try await database.select().columns("width", "height").from("media").where("hash", .equal, hash).first()
        else { return nil }
        return (try row.decode(column: "width", as: Int.self), try row.decode(column: "height", as: Int.self))
    }
}
