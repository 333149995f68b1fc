import ArgumentParser
import Foundation
import OXOCore
import OXOServer

struct CatalogueAdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalogue",
        abstract: "The catalogue of video games.",
        subcommands: [CatalogueImportCommand.self]
    )
}

struct CatalogueImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Load a catalogue file of video games into the server's database.",
        discussion: """
            JSON lines: one object a line with slug, title, released (YYYY-MM-DD), platforms \
            and genres (lists), developer and description. CSV (a name ending in .csv): a header \
            naming those columns, platforms and genres separated by ';'. A game is known by its \
            slug: importing again updates the games that changed. Every line that cannot be \
            imported is listed with its number and the reason; the rest are imported.

            Uses the database `oxo serve` would (--data or OXO_DATA, or DATABASE_URL).
            Examples:
              oxo admin catalogue import games.jsonl
              oxo admin catalogue import --data /var/lib/oxo/oxo.sqlite games.csv
            """
    )

    @Argument(help: "The file to import (.jsonl or .csv).")
    var file: String

    @Option(help: "The SQLite data file (default: $OXO_DATA or ./oxo.sqlite); DATABASE_URL names PostgreSQL instead.")
    var data: String?

    func run() async throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.publicDirectory = nil
        configuration.storage = data.map { .sqlite(path: $0) }
            ?? ServerConfiguration.storage(environment: ProcessInfo.processInfo.environment, fallback: "oxo.sqlite")
        let bar = ImportProgressBar()
        let report = try await CatalogueAdmin.importFile(at: file, configuration: configuration, progress: { bar.show(done: $0, total: $1) })
        bar.finish()
        let rate = report.seconds > 0 ? Int(Double(report.added + report.updated + report.unchanged) / report.seconds) : 0
        print("\(report.added) added, \(report.updated) updated, \(report.unchanged) unchanged, \(report.refused.count) refused "
              + "in \(String(format: "%.1f", report.seconds)) s (\(rate) rows/s)")
        for refusal in report.refused {
            print("line \(refusal.line): \(refusal.reason)")
        }
    }
}
