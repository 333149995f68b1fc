import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// Finds games by title: every word of the search must begin a word of the title, or be
/// one typo away from one (words of four letters or more), in any order. Ranked by how
/// well the title matches (the whole title, every word a whole word of it, every word the
/// start of one, or with a typo), then by how many players have the game, then the first
/// released (a series' original before its sequels and spin-offs), then the shorter title.
/// Where the words stand in the title does not rank: "mario" is a word of Super Mario 64
/// as much as of Mario Golf.
/// Each database asks its own full-text index (`FullTextIndex`), both over the same words.
struct CatalogueSearch {
    let database: any SQLDatabase

    /// Typo spellings tried for one word at most; more would make a slow query, not a better one.
    static let maxTypoSpellings = 12
    static let maxWords = 10

    /// One page of games matching `text`, from `offset`; with no words, the most played.
    func page(_ text: String, offset: Int, limit: Int) async throws -> CatalogueGamePage {
        let words = Array(SearchText.words(text).prefix(Self.maxWords))
        let columns = SQLRaw(CatalogueRow.summaryColumns.map { "g.\($0)" }.joined(separator: ", "))
        let order = database.inByteOrder("g.search_text")
        let rows: [any SQLRow]
        if words.isEmpty {
            rows = try await database.raw("""
                SELECT \(columns) FROM catalogue_games g ORDER BY g.player_count DESC, \(order), g.search_key
                LIMIT \(literal: limit + 1) OFFSET \(literal: offset)
                """).all()
        } else {
            let typos = try await typoSpellings(of: words)
            let phrase = words.joined(separator: " ")
            let whole = words.map { [Term.exact($0)] }
            let strict = words.map { [Term.prefix($0)] }
            let loose = words.map { word in [Term.prefix(word)] + (typos[word] ?? []).map(Term.exact) }
            let rank: SQLQueryString = """
                CASE WHEN g.search_text = \(bind: phrase) THEN 0 WHEN \(matches(whole)) THEN 1 \
                WHEN \(matches(strict)) THEN 2 ELSE 3 END
                """
            rows = try await database.raw("""
                SELECT \(columns), \(rank) AS rank FROM catalogue_games g WHERE \(matches(loose))
                ORDER BY rank, g.player_count DESC, g.released IS NULL, g.released, length(g.title), \(order), g.search_key
                LIMIT \(literal: limit + 1) OFFSET \(literal: offset)
                """).all()
        }
        let games = try rows.prefix(limit).map(CatalogueRow.summary)
        return CatalogueGamePage(games: games, nextCursor: rows.count > limit ? String(offset + limit) : nil)
    }

    private typealias Term = FullTextIndex.Term

    /// The condition that holds for a game whose title has, for each group, one of its terms.
    private func matches(_ groups: [[Term]]) -> SQLQueryString {
        CreateCatalogue.search.matches(groups, alias: "g", on: database)
    }

    /// For each word long enough to have a typo, the title words one typo away from it,
    /// found through their shared deletion spellings (`SearchText.deletions`).
    private func typoSpellings(of words: [String]) async throws -> [String: [String]] {
        let long = words.filter { $0.count >= SearchText.typoMinimumLength }
        let variants = Dictionary(uniqueKeysWithValues: Set(long).map { ($0, SearchText.deletions(of: $0)) })
        let all = Set(variants.values.joined())
        guard !all.isEmpty else { return [:] }
        let rows = try await database.select().columns("variant", "word").from("catalogue_words")
            .where("variant", .in, Array(all)).all()
        let candidates = try rows.map { (variant: try $0.decode(column: "variant", as: String.self),
                                         word: try $0.decode(column: "word", as: String.self)) }
        var result: [String: [String]] = [:]
        for (word, spellings) in variants {
            let near = candidates.filter { spellings.contains($0.variant) && $0.word != word && SearchText.withinOneTypo(word, $0.word) }
            result[word] = Array(Set(near.map(\.word)).sorted().prefix(Self.maxTypoSpellings))
        }
        return result
    }
}
