/// A remote catalogue asked when a search is made; what it answers is stored locally,
/// so a game's page works later without it.
protocol CatalogueSource: Sendable {
    func search(_ text: String, limit: Int) async throws -> [CatalogueEntry]
}
