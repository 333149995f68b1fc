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

/// A migration that adds `columns` to their table, and takes them away on revert. `name` is
/// what the database records it under, so it must never change once released.
package struct AddColumns: AsyncMigration {
    package let name: String
    let columns: TableColumns

    package init(_ name: String, _ columns: TableColumns) {
        self.name = name
        self.columns = columns
    }

    package func prepare(on database: any Database) async throws {
        try await columns.add(on: database)
    }

    package func revert(on database: any Database) async throws {
        try await columns.remove(on: database)
    }
}
