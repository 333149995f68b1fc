import Crypto
import Foundation
import Logging
import OXOCore
import SQLKit

/// Stores a file's entries in batches, one change each (about a thousand rows a
/// transaction: far faster than one a row, and never one huge transaction), and tells
/// how far it got after each.
package struct CatalogueImporter {
    static let batchSize = 1000
    let store: Store

    package init(store: Store) {
        self.store = store
    }

    package func run(_ file: CatalogueFile, progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }) async throws
        -> CatalogueStored
    {
        var stored = CatalogueStored()
        var knownWords: Set<String> = []
        let entries = file.entries.map(\.entry)
        var done = 0
        for start in stride(from: 0, to: entries.count, by: Self.batchSize) {
            let batch = Array(entries[start..<min(start + Self.batchSize, entries.count)])
            let known = knownWords
            stored = stored + (try await store.change { try await $0.catalogue.store(batch, knownWords: known) })
            // Every word of these titles is in the typo table now, added or found there.
            knownWords.formUnion(batch.flatMap { SearchText.words($0.title) })
            done += batch.count
            progress(done, entries.count)
        }
        return stored
    }
}

/// The catalogue that ships with the server (`Resources/catalogue.jsonl`), imported when
/// the server starts on a database that has not seen this version of the file: at
/// first start, and after an upgrade that changed it.
package enum EmbeddedCatalogue {
    static let source = "embedded"
    static let hashKey = "embedded_sha256"

    static func fileData() throws -> Data {
        guard let url = Bundle.module.url(forResource: "catalogue", withExtension: "jsonl", subdirectory: "Resources") else {
            throw CatalogueFileMissing()
        }
        return try Data(contentsOf: url)
    }

    struct CatalogueFileMissing: Error, CustomStringConvertible {
        var description: String { "catalogue.jsonl is missing from the bundle" }
    }

    /// Imports the file unless its hash is the one stored. Several processes starting at
    /// once on PostgreSQL each try; the upserts agree, so at worst the work is done twice.
    package static func importIfChanged(into store: Store, logger: Logger) async throws {
        let data = try fileData()
        let hash = SHA256.hash(data: data).hexadecimal
        if try await store.reads.catalogue.state(hashKey) == hash { return }
        let file = CatalogueFile(data: data, format: .jsonLines, source: source)
        for refusal in file.refusals {
            logger.warning("embedded catalogue: line refused", metadata: ["line": "\(refusal.line)", "reason": "\(refusal.reason)"])
        }
        let stored = try await CatalogueImporter(store: store).run(file)
        try await store.change { try await $0.catalogue.setState(hashKey, to: hash) }
        logger.info("embedded catalogue imported", metadata: [
            "added": "\(stored.added)", "updated": "\(stored.updated)", "unchanged": "\(stored.unchanged)",
        ])
    }
}
