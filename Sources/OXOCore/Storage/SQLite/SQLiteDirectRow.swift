import Foundation
import OXOProtocol
import SQLKit
import SQLiteKit
import SQLiteNIO
import VaporCSQLite

/// A row a direct connection read, the writer's or a reader's, decoded as SQLiteNIO's rows
/// are, so that a value reads the same through them as through Fluent's models (which
/// still read through SQLiteNIO).
struct SQLiteDirectRow: SQLRow {
    /// A statement's column names and their positions, shared by all its rows.
    final class Columns: Sendable {
        let names: [String]
        let positions: [String: Int]

        init(statement: OpaquePointer) {
            names = (0..<sqlite_nio_sqlite3_column_count(statement)).map { String(cString: sqlite_nio_sqlite3_column_name(statement, $0)) }
            positions = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }

        var count: Int { names.count }
    }

    let columns: Columns
    let values: [SQLiteData]

    var allColumns: [String] { columns.names }

    func contains(column: String) -> Bool { columns.positions[column] != nil }

    func decodeNil(column: String) throws -> Bool {
        guard let position = columns.positions[column] else { return true }
        return values[position] == .null
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let position = columns.positions[column] else {
            throw DecodingError.keyNotFound(SQLiteDirectColumn(column), .init(codingPath: [], debugDescription: "no column \(column)"))
        }
        let value = values[position]
        // Ids are most of what a move's reads decode; read by hand rather than by `sscanf`.
        if D.self == UUID.self, case .text(let text) = value, let uuid = UUID(text: text) { return uuid as! D }
        return try Self.decoder.decode(D.self, from: value)
    }

    /// One decoder for every value: each `SQLiteDataDecoder()` makes a `JSONDecoder` it
    /// needs only for values stored as JSON, and a move's reads decode about forty values.
    private static let decoder = SQLiteDataDecoder()
}

private struct SQLiteDirectColumn: CodingKey {
    let stringValue: String
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}
