import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// The catalogue's writes, on `change.catalogue`: its games, their words and who plays them.
package struct CatalogueWrites: ChangeHandle { package let change: Change }

extension Change { package var catalogue: CatalogueWrites { CatalogueWrites(change: self) } }

/// What storing a batch of catalogue entries did.
package struct CatalogueStored: Sendable, Equatable {
    package var added = 0
    package var updated = 0
    package var unchanged = 0

    static func + (a: Self, b: Self) -> Self {
        Self(added: a.added + b.added, updated: a.updated + b.updated, unchanged: a.unchanged + b.unchanged)
    }
}

/// Writing the catalogue: games stored by source and source id (added, or updated when
/// they changed), the words of their titles for typo search, and a player's games.
extension CatalogueWrites {
    /// Stores `entries` (already checked by `CatalogueRules`), one source id once: a game
    /// known by its source and id is updated, any other added. Inserting ignores a game
    /// another process added meanwhile, so two processes storing the same answer agree.
    /// `knownWords` are title words already in the typo table, which need not be written again.
    func store(_ entries: [CatalogueEntry], knownWords: Set<String> = []) async throws -> CatalogueStored {
        guard !entries.isEmpty else { return CatalogueStored() }
        let existing = try await storedCatalogueGames(entries)
        var stored = CatalogueStored()
        var added: [CatalogueEntry] = []
        var changedTitles: [String] = []
        for entry in entries {
            guard let old = existing[CatalogueKey(entry)] else {
                added.append(entry)
                continue
            }
            if old.entry == entry {
                stored.unchanged += 1
                continue
            }
            try await sql.update("catalogue_games")
                .set("title", to: entry.title).set("search_text", to: SearchText.normalised(entry.title))
                .set("released", to: entry.released).set("platforms", to: CatalogueRow.list(entry.platforms))
                .set("genres", to: CatalogueRow.list(entry.genres)).set("developer", to: entry.developer)
                .set("summary", to: entry.summary).set("cover_image_id", to: entry.coverImageID)
                .where("id", .equal, old.id).run()
            stored.updated += 1
            if old.entry.title != entry.title { changedTitles.append(entry.title) }
        }
        if !added.isEmpty {
            let values: [SQLQueryString] = added.map { entry in
                """
                (\(bind: UUID.random()), \(bind: entry.source), \(bind: entry.sourceID), \(bind: entry.title), \
                \(bind: SearchText.normalised(entry.title)), \(bind: entry.released), \(bind: CatalogueRow.list(entry.platforms)), \
                \(bind: CatalogueRow.list(entry.genres)), \(bind: entry.developer), \(bind: entry.summary), \
                \(bind: entry.coverImageID), 0)
                """
            }
            let inserted = try await sql.raw("""
                INSERT INTO catalogue_games (id, source, source_id, title, search_text, released, platforms, genres, developer,
                summary, cover_image_id, player_count) VALUES \(values.joined(separator: ", "))
                ON CONFLICT (source, source_id) DO NOTHING RETURNING id
                """).all()
            stored.added += inserted.count
            stored.unchanged += added.count - inserted.count
        }
        try await storeTitleWords(of: added.map(\.title) + changedTitles, except: knownWords)
        return stored
    }

    /// Writes each new title word with its one-letter-short spellings (`SearchText.deletions`).
    /// Returns the words it wrote.
    @discardableResult
    func storeTitleWords(of titles: [String], except known: Set<String>) async throws -> Set<String> {
        var words = Set(titles.flatMap(SearchText.words).filter { $0.count >= SearchText.typoWordMinimumLength })
        words.subtract(known)
        let rows = words.sorted().flatMap { word in SearchText.deletions(of: word).sorted().map { (variant: $0, word: word) } }
        for chunk in stride(from: 0, to: rows.count, by: 500).map({ rows[$0..<min($0 + 500, rows.count)] }) {
            let values: [SQLQueryString] = chunk.map { "(\(bind: $0.variant), \(bind: $0.word))" }
            try await sql.raw("""
                INSERT INTO catalogue_words (variant, word) VALUES \(values.joined(separator: ", ")) ON CONFLICT DO NOTHING
                """).run()
        }
        return words
    }

    /// The games among `entries` stored already, by source and source id.
    private func storedCatalogueGames(_ entries: [CatalogueEntry]) async throws -> [CatalogueKey: (id: UUID, entry: CatalogueEntry)] {
        var found: [CatalogueKey: (id: UUID, entry: CatalogueEntry)] = [:]
        for (source, group) in Dictionary(grouping: entries, by: \.source) {
            let rows = try await sql.select().columns(CatalogueRow.entryColumns + ["id"]).from("catalogue_games")
                .where("source", .equal, source).where("source_id", .in, group.map(\.sourceID)).all()
            for row in rows {
                let entry = try CatalogueRow.entry(row)
                found[CatalogueKey(entry)] = (try row.decode(column: "id", as: UUID.self), entry)
            }
        }
        return found
    }

    /// Keeps `value` under `key` in the catalogue's own notes (such as the hash of the
    /// embedded file last imported).
    func setState(_ key: String, to value: String) async throws {
        try await sql.raw("""
            INSERT INTO catalogue_state (key, value) VALUES (\(bind: key), \(bind: value))
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """).run()
    }

    /// Adds the game to the player's games; adding it again changes nothing. The game's
    /// player count follows by trigger (`CreateCatalogue`).
    func addToMyGames(_ game: CatalogueGameID, user: UUID) async throws {
        try await reads.catalogue.requireGame(game)
        try await sql.raw("""
            INSERT INTO catalogue_player_games (user_id, game_id, added_at) VALUES (\(bind: user), \(bind: game.rawValue), \(bind: now))
            ON CONFLICT DO NOTHING
            """).run()
    }

    /// Removing a game the player does not have changes nothing; one the catalogue does
    /// not know is `catalogue_game_not_found`.
    func removeFromMyGames(_ game: CatalogueGameID, user: UUID) async throws {
        try await reads.catalogue.requireGame(game)
        try await sql.delete(from: "catalogue_player_games").where("user_id", .equal, user).where("game_id", .equal, game.rawValue).run()
    }
}

/// A game's identity in its source.
struct CatalogueKey: Hashable {
    let source: String
    let sourceID: String

    init(_ entry: CatalogueEntry) {
        source = entry.source
        sourceID = entry.sourceID
    }
}
