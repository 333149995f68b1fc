import Foundation
import OXOCore
import SQLKit

/// A stored photo as it is served.
struct StoredImage: Sendable {
    let contentType: String
    let bytes: Data
}

/// Reads stored photos by their address (`photos`), whose bytes are kept once per
/// content (`media`).
package struct MediaQueries {
    let database: any SQLDatabase

    init(database: any SQLDatabase) {
        self.database = database
    }

    /// The photo's content type, without reading its bytes: enough to answer a client
    /// that has it already.
    func contentType(of address: String) async throws -> String? {
        try await photo(address, columns: ["content_type"]).first()?.decode(column: "content_type", as: String.self)
    }

    func image(_ address: String) async throws -> StoredImage? {
        guard let row = try await photo(address, columns: ["content_type", "bytes"]).first() else { return nil }
        return StoredImage(contentType: try row.decode(column: "content_type", as: String.self),
                           bytes: try row.decode(column: "bytes", as: Data.self))
    }

    /// The size in pixels of a photo `uploader` uploaded; nil when they uploaded none at
    /// this address, so that nobody sends a photo that is not theirs.
    package func size(of address: String, uploadedBy uploader: UUID) async throws -> (width: Int, height: Int)? {
        guard MediaRules.isAddress(address),
              let row = try await photo(address, columns: ["width", "height"])
                .where(SQLColumn("uploader_id", table: "p"), .equal, SQLBind(uploader)).first()
        else { return nil }
        return (try row.decode(column: "width", as: Int.self), try row.decode(column: "height", as: Int.self))
    }

    /// `columns` of the photo's `media` row, found through its address.
    private func photo(_ address: String, columns: [String]) -> SQLSelectBuilder {
        database.select().columns(columns.map { SQLColumn($0, table: "m") })
            .from(SQLAlias(SQLIdentifier("photos"), as: SQLIdentifier("p")))
            .join(SQLAlias(SQLIdentifier("media"), as: SQLIdentifier("m")), on: SQLColumn("hash", table: "m"), .equal,
                  SQLColumn("media_hash", table: "p"))
            .where(SQLColumn("id", table: "p"), .equal, SQLBind(address))
    }
}

extension Reads {
    package var media: MediaQueries { MediaQueries(database: sql) }
}
