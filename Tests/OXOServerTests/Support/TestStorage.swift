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

    /// Storage no other test uses, its schema already up to date: a copy of one that was
    /// migrated once for the whole run. Migrating anew for each of the suites' thousands of
    /// servers took seconds apiece on a slow machine, PostgreSQL's most of all.
    static func fresh() async throws -> ServerConfiguration.Storage {
        guard let postgresURL else {
            let path = newSQLitePath()
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            for (suffix, bytes) in try await sqliteTemplate.value {
                try bytes.write(to: URL(fileURLWithPath: path + suffix))
            }
            return .sqlite(path: path)
        }
        let name = "oxo_test_\(UUID().uuidString.prefix(8).lowercased())"
        let template = try await postgresTemplate.value
        // PostgreSQL copies a database only while no one is connected to it, and waits a few
        // seconds for the migrating server's connections to end.
        try await withAdminDatabase(postgresURL) {
            try await $0.raw("CREATE DATABASE \(unsafeRaw: name) TEMPLATE \(unsafeRaw: template)").run()
        }
        return .postgres(url: url(postgresURL, naming: name))
    }

    /// The files of a SQLite database migrated once (the data file, and its log if SQLite
    /// left one), held in memory so that the run leaves no template behind.
    private static let sqliteTemplate = Task {
        let path = newSQLitePath()
        try await migrate(.sqlite(path: path))
        defer { removeSQLiteFolder(of: path) }
        var files: [String: Data] = [:]
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
            files[suffix] = try Data(contentsOf: URL(fileURLWithPath: path + suffix))
        }
        return files
    }

    /// A PostgreSQL database migrated once; its name holds the time it was made, so that a
    /// later run removes those that earlier runs left (`removeOldTemplates`).
    private static let postgresTemplate = Task {
        guard let postgresURL else { throw TemplateNeedsPostgreSQL() }
        let name = "\(templatePrefix)\(Int(Date().timeIntervalSince1970))_\(UUID().uuidString.prefix(8).lowercased())"
        try await withAdminDatabase(postgresURL) { database in
            try await removeOldTemplates(on: database)
            try await database.raw("CREATE DATABASE \(unsafeRaw: name)").run()
        }
        try await migrate(.postgres(url: url(postgresURL, naming: name)))
        return name
    }

    private static let templatePrefix = "oxo_test_template_"
    private struct TemplateNeedsPostgreSQL: Error {}

    private static func migrate(_ storage: ServerConfiguration.Storage) async throws {
        var configuration = ServerConfiguration()
        configuration.storage = storage
        let app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        do {
            try await DatabaseSetup.configure(app, configuration, bus: EventBus(history: TopicHistory(limits: .init(eventsPerTopic: 1, bytes: 0))))
            try await Migrations.run(in: app)
        } catch {
            try await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }

    /// Templates more than a day old: what runs before this one left.
    private static func removeOldTemplates(on database: any SQLDatabase) async throws {
        let dayAgo = Int(Date().timeIntervalSince1970) - 86_400
        let names = try await database.raw("SELECT datname FROM pg_database WHERE datname LIKE 'oxo_test_template_%'")
            .all().map { try $0.decode(column: "datname", as: String.self) }
        for name in names {
            guard let made = Int(name.dropFirst(templatePrefix.count).prefix { $0.isNumber }), made < dayAgo else { continue }
            try? await database.raw("DROP DATABASE IF EXISTS \(unsafeRaw: name)").run()
        }
    }

    /// A data file in a folder of its own that `removeSQLiteFolder` knows as the tests'.
    private static func newSQLitePath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("oxo-tests-\(UUID().uuidString)")
            .appendingPathComponent("oxo.sqlite").path
    }

    private static func url(_ base: String, naming database: String) -> String {
        var url = URLComponents(string: base)!
        url.path = "/" + database
        return url.string!
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
