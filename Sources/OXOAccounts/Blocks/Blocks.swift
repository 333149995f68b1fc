import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// Reading blocks. A block hides two players from each other both ways, and refuses any
/// challenge, friend request, follow or message between them: the other domains ask
/// through `refuse(from:toward:on:)` and `visibility`.
package enum Blocks {
    /// A condition that holds for a user id in `column` when that player and `viewer` are
    /// hidden from each other (either blocked the other). False for a NULL column.
    package static func hidden(from viewer: UUID, _ column: String) -> SQLQueryString {
        """
        EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = \(bind: viewer) AND b.blocked_id = \(unsafeRaw: column))
        OR (b.blocked_id = \(bind: viewer) AND b.blocker_id = \(unsafeRaw: column)))
        """
    }

    /// What the lobby and the online list leave out for a viewer.
    package static let visibility = PlayerVisibility { viewer, column in hidden(from: viewer.rawValue, column) }

    static func between(_ a: UUID, _ b: UUID, on database: any SQLDatabase) async throws -> Bool {
        try await blockBetween.on(database, a, b).first() != nil
    }

    private static let blockBetween = FixedStatement("SELECT 1 AS blocked WHERE \(exists(between: "$1", "$2"))")

    /// A condition: one of the two blocked the other; `a` and `b` are the placeholders of
    /// a `FixedStatement` that binds their ids.
    package static func exists(between a: String, _ b: String) -> String {
        "EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = \(a) AND blocked_id = \(b)) OR (blocker_id = \(b) AND blocked_id = \(a)))"
    }

    /// Throws `blocked` when `actor` may not reach `target`: one of them blocked the other.
    package static func refuse(from actor: UUID, toward target: UUID, on database: any SQLDatabase) async throws {
        if try await between(actor, target, on: database) {
            throw APIError(.blocked, "You cannot do that: one of you blocked the other.")
        }
    }

    /// The players `viewer` blocked, newest first.
    package static func blocked(by viewer: UUID, on database: any SQLDatabase) async throws -> [UUID] {
        try await database.select().column("blocked_id").from("blocks").where("blocker_id", .equal, viewer)
            .orderBy("created_at", .descending)
            .all().map { try $0.decode(column: "blocked_id", as: UUID.self) }
    }

    /// Everyone hidden from `viewer`, either way.
    package static func hiddenIDs(from viewer: UUID, on database: any SQLDatabase) async throws -> [UUID] {
        try await database.raw("""
            SELECT blocked_id AS id FROM blocks WHERE blocker_id = \(bind: viewer)
            UNION SELECT blocker_id AS id FROM blocks WHERE blocked_id = \(bind: viewer)
            """).all().map { try $0.decode(column: "id", as: UUID.self) }
    }
}
