import Foundation
@testable import OXOCore
import SQLKit
import Testing

/// On PostgreSQL a fixed statement is prepared by name once on each connection and then
/// only bound and run, with the values SQLKit would have sent.
@Suite(
    "Fixed statements prepared on PostgreSQL",
    .enabled(if: TestStorage.postgresURL != nil, "set OXO_TEST_DATABASE_URL=postgres://… to run the PostgreSQL statement tests")
)
struct PreparedStatementTests {
    static let echo = FixedStatement("SELECT $1::text AS word, $2::bigint[] AS numbers, $3::timestamptz AS at")

    struct Echo: Decodable, Equatable {
        let word: String
        let numbers: [Int]
        let at: Date?
    }

    @Test func aFixedStatementIsPreparedOnceOnItsConnectionAndBindsArraysAndNulls() async throws {
        try await withServer { server in
            let noon = Date(timeIntervalSince1970: 1_795_780_800)
            let (echoes, names) = try await server.app.store.change { change in
                // The first run binds a null: it alone must prepare the statement.
                let first = try await Self.echo.on(change.sql, "first", [1, 2, 3], Date?.none).first(decoding: Echo.self)
                let afterFirst = try await Self.preparedNames(of: Self.echo, on: change.sql)
                let second = try await Self.echo.on(change.sql, "second", [Int](), noon).first(decoding: Echo.self)
                return ([first, second], [afterFirst, try await Self.preparedNames(of: Self.echo, on: change.sql)])
            }
            #expect(echoes == [Echo(word: "first", numbers: [1, 2, 3], at: nil), Echo(word: "second", numbers: [], at: noon)])
            #expect(names[0].count == 1, "prepared by its first run, which bound a null")
            #expect(names[1] == names[0], "run again by name, not prepared again")
            #expect(names[0].first?.hasPrefix("oxo_fixed_") == true)
        }
    }

    private static func preparedNames(of statement: FixedStatement, on sql: any SQLDatabase) async throws -> [String] {
        try await sql.raw("SELECT name FROM pg_prepared_statements WHERE statement = \(bind: statement.postgres)")
            .all().map { try $0.decode(column: "name", as: String.self) }
    }

    /// A value PostgreSQL has no encoding of its own for goes through SQLKit's `Codable`
    /// path, as JSON, and the statement runs unprepared.
    @Test func aValueWithoutAnEncodingOfItsOwnStillRuns() async throws {
        struct Tag: Codable, Sendable { let label: String }
        let labelOf = FixedStatement("SELECT $1::jsonb ->> 'label' AS label")
        try await withServer { server in
            let label = try await labelOf.on(server.app.store.sql, Tag(label: "chess")).first()?
                .decode(column: "label", as: String.self)
            #expect(label == "chess")
        }
    }
}
