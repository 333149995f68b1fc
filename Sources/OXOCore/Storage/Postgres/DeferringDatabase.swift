import NIOConcurrencyHelpers
import SQLKit

/// A write a change of a PostgreSQL group may leave for the group to make with the others
/// of its kind in one statement: each statement is a round trip, and a move alone was one.
package protocol DeferredWrite: Sendable {
    /// What two writes may not share a statement over (a game's id): the second of a key
    /// makes the first before it is left.
    var key: AnyHashable { get }
    /// Makes `writes` in one statement; returns the positions of those the database did not
    /// make (a compare-and-set that found its row moved on).
    static func make(_ writes: [Self], on database: any SQLDatabase) async throws -> [Int]
    /// What the change whose write was not made is answered with.
    static var notMade: any Error { get }
}

/// A database that takes deferred writes: a PostgreSQL group's (`DeferringDatabase`).
package protocol DeferringWrites: Sendable {
    /// Leaves `write` for the group's next statement.
    func `defer`(_ write: some DeferredWrite) async throws
}

/// The database a PostgreSQL group's changes run on: the transaction's, which makes the
/// writes they deferred (`DeferredWrite`) just before any other statement runs, so every
/// read and write sees them as if made in place; the group makes the rest before it
/// numbers its events. A write not made fails the change that deferred it, named by its
/// place in the group (`ChangeFailure`), whichever change's statement found out: the group
/// then runs again without it (`ChangeGroup`). Once that failed, no later statement of the
/// transaction runs, so a change that catches errors cannot commit without the writes.
final class DeferringDatabase: WrappingSQLDatabase, DeferringWrites {
    let wrapped: any SQLDatabase
    private let state = NIOLockedValueBox(State())

    private struct State {
        /// The place in the group of the change running now.
        var change = 0
        var waiting: [(change: Int, write: any DeferredWrite)] = []
        var failure: ChangeFailure?
    }

    init(_ wrapped: any SQLDatabase) {
        self.wrapped = wrapped
    }

    /// The change at `index` of the group runs next.
    func changeStarts(at index: Int) {
        state.withLockedValue { $0.change = index }
    }

    func `defer`(_ write: some DeferredWrite) async throws {
        if state.withLockedValue({ $0.waiting.contains { $0.write.key == write.key } }) { try await makeDeferred() }
        state.withLockedValue { $0.waiting.append(($0.change, write)) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try await makeDeferred()
        try await wrapped.execute(sql: query, onRow)
    }

    /// Makes the writes left so far, each kind in one statement, in the order they were left.
    func makeDeferred() async throws {
        let waiting = try state.withLockedValue { state in
            if let failure = state.failure { throw failure }
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        var rest = waiting[...]
        while let first = rest.first {
            let kind = type(of: first.write)
            let batch = rest.prefix { ObjectIdentifier(type(of: $0.write)) == ObjectIdentifier(kind) }
            rest = rest.dropFirst(batch.count)
            do {
                try await make(Array(batch), as: kind)
            } catch let failure as ChangeFailure {
                state.withLockedValue { $0.failure = failure }
                throw failure
            }
        }
    }

    private func make<Write: DeferredWrite>(_ batch: [(change: Int, write: any DeferredWrite)], as kind: Write.Type) async throws {
        let notMade: [Int]
        do {
            notMade = try await Write.make(batch.compactMap { $0.write as? Write }, on: wrapped)
        } catch {
            throw ChangeFailure(index: batch[0].change, error: error)
        }
        if let first = notMade.min() { throw ChangeFailure(index: batch[first].change, error: Write.notMade) }
    }
}
