import Foundation
import OXOCore
import OXOSocial
import Vapor

/// What `oxo admin catalogue import` reports.
public struct CatalogueImportReport: Sendable {
    public let added: Int
    public let updated: Int
    public let unchanged: Int
    /// Each line that was not imported, with the reason.
    public let refused: [(line: Int, reason: String)]
    public let seconds: Double
}

/// The operator's way into the catalogue, used by `oxo admin`: the same application
/// `oxo serve` builds (its migrations, its one writer), without listening.
public enum CatalogueAdmin {
    /// Imports a JSON lines or CSV file (CSV when its name ends in `.csv`) as games of the
    /// source `import`; `progress` hears the rows stored so far and the rows to store.
    public static func importFile(
        at path: String, configuration: ServerConfiguration, progress: @escaping @Sendable (Int, Int) -> Void
    ) async throws -> CatalogueImportReport {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let app = try await Application.make(Environment(name: "production", arguments: ["oxo"]))
        app.logger.logLevel = .warning
        do {
            try await configure(app, configuration)
            let started = ContinuousClock.now
            let file = CatalogueFile(data: data, format: CatalogueFile.Format(path: path), source: "import")
            let stored = try await CatalogueImporter(store: app.store).run(file, progress: progress)
            let elapsed = started.duration(to: .now)
            try await app.asyncShutdown()
            return CatalogueImportReport(
                added: stored.added, updated: stored.updated, unchanged: stored.unchanged,
                refused: file.refusals.map { ($0.line, $0.reason) },
                seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
    }
}
