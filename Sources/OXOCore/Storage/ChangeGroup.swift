import Foundation
import Logging
import NIOConcurrencyHelpers
import SQLKit

/// What SQLite's writer (`GroupCommit`) and PostgreSQL's (`PostgresGroupCommit`) share: a
/// group of queued changes runs in one transaction, and when one of them fails the
/// transaction is rolled back; that change is answered with its error and the others are
/// committed again without it, so that one's error is never another's (every change must
/// therefore be safe to run twice).
enum ChangeGroup {
    /// Commits `group` through `attempt` (which runs the changes it is given in one
    /// transaction and returns their events as stored), answering each change once its
    /// commit succeeded and handing the events to `publish`. `explained` turns an error
    /// into the one the change's caller hears.
    static func commit(
        _ group: [any QueuedChange], logger: Logger, explained: (any Error) -> any Error,
        attempt: (ArraySlice<any QueuedChange>) async throws -> [StoredEvent], publish: ([StoredEvent]) -> Void
    ) async {
        var pending = group[...]
        while !pending.isEmpty {
            do {
                publish(try await attempt(pending))
                pending.forEach { $0.succeed() }
                return
            } catch let failure as ChangeFailure {
                let failed = pending[failure.index]
                if failure.index > pending.startIndex {
                    logger.debug("write group rolled back: one change failed, the others are committed without it",
                                 metadata: ["changes": "\(pending.count)", "error": "\(String(reflecting: failure.error))"])
                    await commit(Array(pending[..<failure.index]), logger: logger, explained: explained, attempt: attempt, publish: publish)
                }
                failed.fail(explained(failure.error))
                pending = pending[(failure.index + 1)...]
            } catch {
                // The transaction itself failed (begin, storing events, commit): each
                // change runs again alone, so that one's trouble is not all of theirs. Not
                // when the database was lost: each would only wait to be told so again, one
                // after the other, while its client could be sending it to a database that is back.
                guard pending.count > 1, !DatabaseUnavailable.recognises(error) else { return pending.forEach { $0.fail(explained(error)) } }
                for change in pending {
                    await commit([change], logger: logger, explained: explained, attempt: attempt, publish: publish)
                }
                return
            }
        }
    }

    /// Runs each change of `group` in the current transaction, in order, with the `rows`
    /// kept for it; returns the events each logged. A change that throws is named by a
    /// `ChangeFailure`, unless what failed was an earlier change's deferred write
    /// (`DeferringDatabase`), which names that change.
    static func run(_ group: ArraySlice<any QueuedChange>, on database: any SQLDatabase,
                    rows: any KeptRows) async throws -> [[LoggedEvent]] {
        var logs: [[LoggedEvent]] = []
        for (index, change) in zip(group.indices, group) {
            (database as? DeferringDatabase)?.changeStarts(at: index)
            do {
                logs.append(try await change.attempt(on: database, rows: rows))
            } catch let failure as ChangeFailure {
                throw failure
            } catch {
                throw ChangeFailure(index: index, error: error)
            }
        }
        return logs
    }
}

/// Changes waiting for a transaction, taken in groups of up to `groupLimit` by up to
/// `drainers` tasks at once: one for SQLite's single writer, several for PostgreSQL's row
/// locks.
final class ChangeQueue: Sendable {
    private let drainers: Int
    private let groupLimit: Int
    private let state = NIOLockedValueBox<(waiting: [any QueuedChange], draining: Int)>(([], 0))

    init(drainers: Int, groupLimit: Int) {
        self.drainers = drainers
        self.groupLimit = groupLimit
    }

    /// Queues `change`; true when the caller is to start a task that drains the queue.
    func add(_ change: any QueuedChange) -> Bool {
        state.withLockedValue { state in
            state.waiting.append(change)
            guard state.draining < drainers else { return false }
            state.draining += 1
            return true
        }
    }

    /// The next changes to commit together; nil, and the draining task stops, when none wait.
    func nextGroup() -> [any QueuedChange]? {
        state.withLockedValue { state in
            guard !state.waiting.isEmpty else {
                state.draining -= 1
                return nil
            }
            ServerMetrics.writeQueue(depth: state.waiting.count)
            let group = Array(state.waiting.prefix(groupLimit))
            state.waiting.removeFirst(group.count)
            return group
        }
    }
}

/// The change at `index` of a group threw `error`.
struct ChangeFailure: Error {
    let index: Int
    let error: any Error
}

/// One change waiting in a queue, its result's type erased.
protocol QueuedChange: Sendable {
    /// The row it will read, for PostgreSQL's group to read with its other changes' (`RowRead`).
    var read: RowRead? { get }
    /// Runs the change in the current transaction, with the `rows` kept for it, and keeps
    /// its result until the commit. Returns the events it logged, for the group to store.
    func attempt(on database: any SQLDatabase, rows: any KeptRows) async throws -> [LoggedEvent]
    /// The transaction committed: answers the caller with the result.
    func succeed()
    func fail(_ error: any Error)
}

/// A change as its writer runs it: in a transaction, with the rows kept for it; it returns
/// its result and the events it logged.
typealias ChangeBody<T> = @Sendable (any SQLDatabase, any KeptRows) async throws -> (T, [LoggedEvent])

final class Queued<T: Sendable>: QueuedChange {
    let body: ChangeBody<T>
    let read: RowRead?
    let answer: @Sendable (Result<T, any Error>) -> Void
    let outcome = NIOLockedValueBox<T?>(nil)

    init(body: @escaping ChangeBody<T>, read: RowRead?, answer: @escaping @Sendable (Result<T, any Error>) -> Void) {
        self.body = body
        self.read = read
        self.answer = answer
    }

    func attempt(on database: any SQLDatabase, rows: any KeptRows) async throws -> [LoggedEvent] {
        let (value, logged) = try await body(database, rows)
        outcome.withLockedValue { $0 = value }
        return logged
    }

    func succeed() {
        guard let outcome = outcome.withLockedValue({ $0 }) else { return fail(GroupCommitError.noResult) }
        answer(.success(outcome))
    }

    func fail(_ error: any Error) {
        answer(.failure(error))
    }
}

enum GroupCommitError: Error {
    case noResult
}
