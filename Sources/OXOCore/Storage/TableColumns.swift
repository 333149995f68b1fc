import Fluent

/// Columns a migration adds to a table that exists, and takes away again when reverted.
/// One column per statement: SQLite adds one at a time.
package struct TableColumns: Sendable {
    package let table: String
    package let columns: [(name: String, type: DatabaseSchema.DataType)]

    package init(_ table: String, _ columns: [(name: String, type: DatabaseSchema.DataType)]) {
        self.table = table
        self.columns = columns
    }

    package var names: [String] { columns.map(\.name) }

    package func add(on database: any Database) async throws {
        for column in columns {
            try await database.schema(table).field(.string(column.name), column.type).update()
        }
    }

    package func remove(on database: any Database) async throws {
        for column in columns.reversed() {
            try await database.schema(table).deleteField(.string(column.name)).update()
        }
    }
}
