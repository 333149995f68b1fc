import Fluent
import Foundation
import NIOConcurrencyHelpers
import OXOProtocol
import PostgresKit
import SQLKit

/// One change to the database: the one way every domain writes. It runs inside one
/// transaction (`sql`, SQLKit's handle on it), at one moment (`now`, read once from the server's clock),
/// and logs the events it causes; the writer stores them just before the commit and
/// publishes them only after it, so nobody hears of a change that could still be lost.
/// Each domain adds the changes it makes as an extension in its own folder.
package final class Change: Sendable {
    package let sql: any SQLDatabase
    package let context: ServerContext
    package let now: Date
    /// The rows the change may take as stored instead of reading them: SQLite's writer's
    /// (`LiveRows`) or PostgreSQL's group's (`TransactionRows`).
    package let keptRows: any KeptRows
    private let events = NIOLockedValueBox<[LoggedEvent]>([])
    private let onCommit = NIOLockedValueBox<[@Sendable () -> Void]>([])

    init(sql: any SQLDatabase, context: ServerContext, keptRows: any KeptRows) {
        self.sql = sql
        self.context = context
        self.keptRows = keptRows
        now = context.clock.now
    }

    /// Logs `event` on each of `topics`, to be stored with the change and published once
    /// it commits.
    package func log(_ event: TopicEvent, to topics: [Topic]) {
        guard !topics.isEmpty else { return }
        // The event says its topics' rows changed: they are kept no longer.
        keptRows.forget(topics)
        events.withLockedValue { $0.append(LoggedEvent(event: event, topics: topics)) }
    }

    /// What the change logged so far, in order.
    var logged: [LoggedEvent] { events.withLockedValue { $0 } }

    /// Runs `action` once the change has committed, and never if it does not: for what the
    /// server keeps in memory beside the database, which must not hold what a rollback
    /// undid. Actions of changes committed one after another may run in either order.
    package func afterCommit(_ action: @escaping @Sendable () -> Void) {
        onCommit.withLockedValue { $0.append(action) }
    }

    /// Called by the writer once the change committed.
    func committed() {
        for action in onCommit.withLockedValue({ $0 }) { action() }
    }
}

/// An event a change logged, with the topics it goes to.
package struct LoggedEvent: Sendable {
    package let event: TopicEvent
    package let topics: [Topic]
}

extension Database {
    /// The database for SQLKit; on PostgreSQL it runs fixed statements prepared.
    package var sql: any SQLDatabase {
        if let postgres = self as? any SQLDatabase & PostgresDatabase { return PostgresPreparingDatabase(base: postgres) }
        return self as! any SQLDatabase
    }
}

extension SQLDatabase {
    package var isSQLite: Bool { dialect.name == "sqlite" }
}
