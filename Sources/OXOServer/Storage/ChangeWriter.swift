import Fluent
import Foundation
import OXOProtocol

/// Commits changes. SQLite has one writer at a time, so its changes queue and commit in
/// groups (`GroupCommit`); PostgreSQL has row locks and takes them side by side, each in
/// its own transaction. Either way a change's events are stored in its transaction, just
/// before the commit, and the caller hears of it only once the commit succeeded.
final class ChangeWriter: Sendable {
    private let context: ServerContext
    private let reactions: [ChangeReaction]
    /// SQLite's queue; nil on PostgreSQL.
    private let groups: GroupCommit?

    init(context: ServerContext, reactions: [ChangeReaction], logger: Logger) {
        self.context = context
        self.reactions = reactions
        groups = context.configuration.storage.isSQLite
            ? GroupCommit(durability: context.configuration.durability, clock: context.clock, logger: logger) : nil
    }

    /// Runs `body` as one change and commits it; returns its result and its stored events.
    func commit<T: Sendable>(
        _ body: @escaping @Sendable (Change) async throws -> T, on database: any Database
    ) async throws -> (result: T, events: [StoredEvent]) {
        if let groups {
            return try await groups.run(on: database) { db in try await self.run(body, on: db) }
        }
        let clock = context.clock
        return try await database.writeTransaction(durability: context.configuration.durability) { db in
            let (result, logged) = try await self.run(body, on: db)
            let stored = try await EventStore(database: db).append([logged], at: clock.now)
            return (result, stored[0])
        }
    }

    /// Runs the change and the reactions to it in the current transaction; returns its
    /// result and every event it and they logged.
    private func run<T: Sendable>(
        _ body: @Sendable (Change) async throws -> T, on database: any Database
    ) async throws -> (T, [LoggedEvent]) {
        let change = Change(database: database, context: context)
        let result = try await body(change)
        let logged = change.logged
        for reaction in reactions { try await reaction(change, logged) }
        return (result, change.logged)
    }
}
