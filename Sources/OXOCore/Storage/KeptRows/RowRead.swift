import Foundation
import OXOProtocol
import SQLKit

/// A row a change says it will read, when it is queued: PostgreSQL's group then reads the
/// rows of all its changes in one statement at the start of its transaction
/// (`TransactionRows`), where each change would have read its own, a round trip each.
package struct RowRead: Sendable {
    package let id: UUID
    package let rows: ManyRows

    package init(_ id: UUID, of rows: ManyRows) {
        self.id = id
        self.rows = rows
    }
}

/// How the rows of one table are read many at once, and the topic each is kept under. A
/// domain declares its own (the games' in their folder), so this level knows none.
package struct ManyRows: Sendable {
    /// Names the kind, so that a group reads each kind once.
    let name: String
    let read: @Sendable (_ ids: [UUID], _ database: any SQLDatabase) async throws -> [(Topic, any Sendable)]

    package init(name: String, read: @escaping @Sendable (_ ids: [UUID], _ database: any SQLDatabase) async throws -> [(Topic, any Sendable)]) {
        self.name = name
        self.read = read
    }
}
