import NIOConcurrencyHelpers
import OXOProtocol
import SQLKit

/// The rows a PostgreSQL group read at the start of its transaction, for the changes that
/// said they would read them (`RowRead`), kept for that one transaction. Several processes
/// write one database, so nothing is kept past it; within it, a row read is as stored at
/// that statement, and what another process changed since is found by the statements that
/// write it (a move's update is made only while the game still counts the moves it read, and
/// is live). A group that is rolled back and run again reads its rows again.
final class TransactionRows: KeptRows {
    private let rows: NIOLockedValueBox<[Topic: any Sendable]>

    private init(_ rows: [Topic: any Sendable]) {
        self.rows = NIOLockedValueBox(rows)
    }

    /// Reads in one statement for each kind the rows `reads` name, on the group's transaction.
    static func read(_ reads: [RowRead], on database: any SQLDatabase) async throws -> TransactionRows {
        var rows: [Topic: any Sendable] = [:]
        for ids in Dictionary(grouping: reads, by: \.rows.name).values {
            for (topic, row) in try await ids[0].rows.read(ids.map(\.id), database) { rows[topic] = row }
        }
        return TransactionRows(rows)
    }

    func row<Row: Sendable>(_ topic: Topic, as type: Row.Type) -> Row? {
        rows.withLockedValue { $0[topic] } as? Row
    }

    func keep(_ row: some Sendable, under topic: Topic) {
        rows.withLockedValue { $0[topic] = row }
    }

    func forget(_ topics: [Topic]) {
        rows.withLockedValue { rows in
            guard !rows.isEmpty else { return }
            for topic in topics { rows[topic] = nil }
        }
    }

    func forgetAll() {
        rows.withLockedValue { $0.removeAll() }
    }
}
