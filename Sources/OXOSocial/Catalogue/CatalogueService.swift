import Foundation
import Logging
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit

/// What the routes ask of the catalogue: searching it (and the remote source, when
/// there is one), and each player's games, changed through the store.
struct CatalogueService {
    let store: Store
    /// For searches: the standby, when there is one (`StandbyReads`).
    let staleReads: any SQLDatabase
    let source: (any CatalogueSource)?
    let logger: Logger

    static let maxSearchLength = 200
    /// Searching pages by position; further than this is not a search anyone reads.
    static let maxOffset = 10_000

    /// A page of games matching `text`. The first page of a search also asks the remote
    /// source, if any, and stores what it answers, so its games are found here (and their
    /// pages work) from then on; if it fails, the local catalogue still answers.
    func search(_ text: String, cursor: String?, limit: Int) async throws -> CatalogueGamePage {
        guard text.count <= Self.maxSearchLength else {
            throw APIError(.invalidRequest, "'q' must be at most \(Self.maxSearchLength) characters.")
        }
        var offset = 0
        if let cursor {
            guard let position = Int(cursor), (1...Self.maxOffset).contains(position) else {
                throw APIError(.invalidRequest, "'cursor' is not one this server gave out.")
            }
            offset = position
        }
        if let source, offset == 0, !SearchText.words(text).isEmpty {
            await ask(source, text, limit: limit)
            // What the source answered was stored just now: the standby may not have it yet.
            return try await CatalogueSearch(database: store.sql).page(text, offset: offset, limit: limit)
        }
        return try await CatalogueSearch(database: staleReads).page(text, offset: offset, limit: limit)
    }

    private func ask(_ source: any CatalogueSource, _ text: String, limit: Int) async {
        do {
            let answered = try await source.search(text, limit: limit).map(CatalogueRules.tidied)
            let accepted = answered.filter { CatalogueRules.refusal(of: $0) == nil }
            let unique = Dictionary(accepted.map { (CatalogueKey($0), $0) }, uniquingKeysWith: { first, _ in first })
            _ = try await store.change { try await $0.catalogue.store(Array(unique.values)) }
        } catch {
            logger.warning("the remote catalogue failed; answering from the local one", metadata: ["error": "\(error)"])
        }
    }

    func addToMyGames(_ game: CatalogueGameID, by user: AuthenticatedUser) async throws {
        try await store.change { try await $0.catalogue.addToMyGames(game, user: user.id.rawValue) }
    }

    func removeFromMyGames(_ game: CatalogueGameID, by user: AuthenticatedUser) async throws {
        try await store.change { try await $0.catalogue.removeFromMyGames(game, user: user.id.rawValue) }
    }
}
