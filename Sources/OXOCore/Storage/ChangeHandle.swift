import Foundation
import OXOProtocol
import SQLKit

/// A domain's handle on a change: a small value in the domain's folder that holds the
/// change and carries the domain's writes over its own tables, reached by the domain's
/// name (`change.games.move(…)`, `change.chat.post(…)`). So a domain's writes are found
/// under its name, and one domain's cannot be taken for another's.
///
/// What a write needs of its change (its transaction, its moment, its events) the handle
/// passes on, so a write reads the same on a handle as on the change.
package protocol ChangeHandle: Sendable {
    var change: Change { get }
}

extension ChangeHandle {
    package var sql: any SQLDatabase { change.sql }
    package var now: Date { change.now }
    package var context: ServerContext { change.context }
    package var keptRows: any KeptRows { change.keptRows }
    /// The owners' reads, inside the change's transaction.
    package var reads: Reads { change.reads }

    package func log(_ event: TopicEvent, to topics: [Topic]) {
        change.log(event, to: topics)
    }

    package func afterCommit(_ action: @escaping @Sendable () -> Void) {
        change.afterCommit(action)
    }
}
