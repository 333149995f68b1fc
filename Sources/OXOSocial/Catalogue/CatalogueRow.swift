import Foundation
import OXOProtocol
import SQLKit

/// A stored game read back: its columns, and the wire types built from them. Platforms
/// and genres are stored as JSON arrays, which both databases keep as text.
enum CatalogueRow {
    static let entryColumns = ["source", "source_id", "title", "released", "platforms", "genres", "developer", "summary",
                               "cover_image_id"]
    static let summaryColumns = ["id", "title", "released", "platforms", "cover_image_id", "player_count"]

    static func list(_ names: [String]) -> String {
        String(decoding: try! JSONEncoder().encode(names), as: UTF8.self)
    }

    static func names(_ text: String) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
    }

    static func entry(_ row: any SQLRow) throws -> CatalogueEntry {
        CatalogueEntry(
            source: try row.decode(column: "source", as: String.self),
            sourceID: try row.decode(column: "source_id", as: String.self),
            title: try row.decode(column: "title", as: String.self),
            released: try row.decode(column: "released", as: String?.self),
            platforms: names(try row.decode(column: "platforms", as: String.self)),
            genres: names(try row.decode(column: "genres", as: String.self)),
            developer: try row.decode(column: "developer", as: String?.self),
            summary: try row.decode(column: "summary", as: String?.self),
            coverImageID: try row.decode(column: "cover_image_id", as: String?.self))
    }

    static func summary(_ row: any SQLRow) throws -> CatalogueGameSummary {
        let title = try row.decode(column: "title", as: String.self)
        return CatalogueGameSummary(
            id: CatalogueGameID(rawValue: try row.decode(column: "id", as: UUID.self)), title: title,
            released: try row.decode(column: "released", as: String?.self),
            platforms: names(try row.decode(column: "platforms", as: String.self)),
            cover: CatalogueCover.url(title: title, imageID: try row.decode(column: "cover_image_id", as: String?.self)),
            playerCount: try row.decode(column: "player_count", as: Int.self))
    }

    static func game(_ row: any SQLRow, mine: Bool) throws -> CatalogueGame {
        let entry = try entry(row)
        return CatalogueGame(
            id: CatalogueGameID(rawValue: try row.decode(column: "id", as: UUID.self)), title: entry.title,
            released: entry.released, platforms: entry.platforms, genres: entry.genres, developer: entry.developer,
            description: entry.summary, cover: CatalogueCover.url(title: entry.title, imageID: entry.coverImageID),
            playerCount: try row.decode(column: "player_count", as: Int.self), mine: mine, source: entry.source)
    }
}
