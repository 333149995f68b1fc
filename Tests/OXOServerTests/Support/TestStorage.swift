import Fluent
import FluentPostgresDriver
import Foundation
import OXOCore
import OXOPlay
import OXOServer
import Vapor

/// Where the server under test keeps its data: a fresh SQLite file per server, or, when
/// OXO_TEST_DATABASE_URL names a PostgreSQL server, a fresh database there.
enum TestStorage {
    static let postgresURL = ProcessInfo.processInfo.environment["OXO_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }

    static var backendName: String { postgresURL == nil ? "SQLite" : "PostgreSQL" }

    /// Storage no other test uses.
    static func fresh() async throws -> ServerConfiguration.Storage {
        guard let postgresURL else {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-tests-\(UUID().uuidString)")
            return .sqlite(path: folder.appendingPathComponent("oxo.sqlite").path)
        }
        let name = "oxo_test_\(UUID().uuidString.prefix(8).lowercased())"
        try await withAdminDatabase(postgresURL) { try await $0.raw("CREATE DATABASE \(unsafeRaw: name)").run() }
        var url = URLComponents(string: postgresURL)!
        url.path = "/" + name
        return .postgres(url: url.string!)
    }

    /// Removes what `fresh()` made, once its server has stopped, so that running the
    /// suites again and again does not fill the disk: thousands of servers a run.
    static func remove(_ storage: ServerConfiguration.Storage) async throws {
        switch storage {
        case .sqlite(let path):
            removeSQLiteFolder(of: path)
        case .postgres(let url):
            guard let postgresURL, let name = URLComponents(string: url)?.path.dropFirst(), name.hasPrefix("oxo_test_") else { return }
            try await withAdminDatabase(postgresURL) { try await $0.raw("DROP DATABASE IF EXISTS \(unsafeRaw: String(name))").run() }
        }
    }

    /// Removes the folder of a test's SQLite file, when it is one of the tests' own:
    /// what is left of a server that a test started on a file it chose.
    static func removeSQLiteFolder(of path: String) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        guard folder.lastPathComponent.hasPrefix("oxo-tests-") else { return }
        try? FileManager.default.removeItem(at: folder)
    }

    private static func withAdminDatabase(_ url: String, _ body: (any SQLDatabase) async throws -> Void) async throws {
        let app = try await Application.make(.testing)
        do {
            app.databases.use(try .postgres(url: url), as: .psql)
            try await body(app.db as! any SQLDatabase)
        } catch {
            try await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
}
