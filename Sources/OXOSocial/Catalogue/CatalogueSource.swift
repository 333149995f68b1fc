import OXOCore
import Vapor
/// A remote catalogue asked when a search is made; what it answers is stored locally,
/// so a game's page works later without it.
package protocol CatalogueSource: Sendable {
    func search(_ text: String, limit: Int) async throws -> [CatalogueEntry]
}

extension Application {
    private struct CatalogueSourceKey: StorageKey {
        typealias Value = any CatalogueSource
    }

    /// The remote catalogue asked beside the local one when a search is made (IGDB when it
    /// is configured); nil asks none.
    package var catalogueSource: (any CatalogueSource)? {
        get { storage[CatalogueSourceKey.self] }
        set { storage[CatalogueSourceKey.self] = newValue }
    }
}
