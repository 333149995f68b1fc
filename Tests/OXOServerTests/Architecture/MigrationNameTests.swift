import Fluent
import Foundation
@testable import OXOCore
@testable import OXOAccounts
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer
import SQLKit
import Testing

/// A database records each migration by name when it runs it, and runs again any name it
/// has not recorded. The migrations moved between modules when the server was split into
/// levels; their names must stay the ones databases recorded before, or an upgraded
/// server would try to create its tables a second time and not start.
@Suite("Migrations keep the names databases recorded")
struct MigrationNameTests {
    static let recorded = [
        "CreateAccounts", "CreateGames", "CreateEvents", "AddAwayAndRematch", "CreatePresence", "CreateChallenges",
        "CreateMatchQueue", "CreateHousekeeping", "IndexGamesByPlayer", "IndexFinishedGames", "CreateMedia", "AddAvatars",
        "CreateRatings", "CreateLastSeen", "CreateSocial", "CreateCatalogue", "CreateChat", "AddSuspensions",
        "IndexUnreadNotifications", "IndexOnlyFinishedGames",
    ].map { "OXOServer.\($0)" }

    @Test func aNewDatabaseRecordsEveryMigrationUnderTheNameEarlierVersionsGaveIt() async throws {
        try await withServer { server in
            let names = try await server.app.db.sql.raw("SELECT name FROM _fluent_migrations").all()
                .map { try $0.decode(column: "name", as: String.self) }
            #expect(Set(Self.recorded).isSubset(of: names), "recorded: \(names.sorted())")
        }
    }
}
