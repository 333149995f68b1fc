import Foundation
import OXOClient
import OXOProtocol
@testable import OXOCore
@testable import OXOSocial
@testable import OXOServer

extension TestServer {
    /// Stores these titles in the catalogue, as an import would, each with the slug of its title.
    @discardableResult
    func addToCatalogue(_ titles: [String], source: String = "import") async throws -> CatalogueStored {
        let entries = titles.map { CatalogueEntry.titled($0, source: source) }
        return try await app.store.change { try await $0.catalogue.store(entries) }
    }
}

extension CatalogueEntry {
    static func titled(_ title: String, source: String = "import", released: String? = nil) -> CatalogueEntry {
        CatalogueEntry(source: source, sourceID: SearchText.words(title).joined(separator: "-"), title: title,
                       released: released, platforms: ["PC"], genres: ["Action"], developer: nil, summary: nil,
                       coverImageID: nil)
    }
}

extension OXOClient {
    /// The titles a search finds on its first page.
    func titles(_ text: String, limit: Int = 20) async throws -> [String] {
        try await searchCatalogue(text, limit: limit).games.map(\.title)
    }

    /// The first game a search finds with exactly this title.
    func catalogueGame(titled title: String) async throws -> CatalogueGameSummary {
        let found = try await searchCatalogue(title, limit: 100).games.first { $0.title == title }
        guard let found else { throw CatalogueTitleMissing(title: title) }
        return found
    }
}

struct CatalogueTitleMissing: Error {
    let title: String
}
