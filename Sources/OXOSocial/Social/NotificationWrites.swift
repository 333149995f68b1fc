import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit

/// The inbox's writes, on `change.notifications`: notifications and their mutes.
package struct NotificationWrites: ChangeHandle { package let change: Change }

extension Change { package var notifications: NotificationWrites { NotificationWrites(change: self) } }

/// The inbox is written in the same transaction as what it tells of, so a notification
/// exists exactly when its cause was committed, and reaches the player's clients as
/// `notification_added` on their inbox topic.
extension NotificationWrites {
    /// Stores a notification for `user`, unless they switched its kind off, caused it
    /// themselves, or are hidden from its actor by a block; `onceUntilRead` also skips it
    /// while one of its kind from the same actor waits unread (a message once a
    /// conversation). The insert itself asks all of that, in one statement. "Your turn" is
    /// not stored at all (`YourTurns`).
    /// `knownActor`: the actor's summary when the caller has it already (a game view
    /// carries its players'), so that it is not read again. The kinds that reach a closed
    /// app are pushed too (`pushNotification`; with `pushOnlyWhenAway`, only to a user with
    /// no client connected), muted and blocked alike, but not held back by `onceUntilRead`.
    func notify(_ user: UUID, _ kind: NotificationKind, actor: UUID?, game: UUID? = nil, challenge: UUID? = nil,
                tournament: UUID? = nil, previousName: String? = nil, onceUntilRead: Bool = false, knownActor: PlayerSummary? = nil,
                pushOnlyWhenAway: Bool = false) async throws {
        guard actor != user else { return }
        try await pushNotification(user, kind, actor: actor, game: game, challenge: challenge, tournament: tournament,
                                   knownActor: knownActor, onlyWhenAway: pushOnlyWhenAway)
        let heldBack: NotificationInsert.HeldBack? = onceUntilRead && actor != nil ? .sameActor : nil
        let row = NotificationRow(id: UUID.random(), userId: user, kind: kind, actorId: actor, gameId: game, challengeId: challenge,
                                  previousName: previousName, read: false, createdAt: now, tournamentId: tournament)
        guard try await NotificationInsert.statement(actor: actor != nil, heldBack: heldBack).on(sql, [
            row.id, row.userId, row.kind.rawValue, row.actorId, row.gameId, row.challengeId, row.previousName, row.read,
            row.createdAt, row.tournamentId,
        ]).first() != nil
        else { return }
        let known = knownActor.map { [$0.id.rawValue: $0] } ?? [:]
        let view = try await reads.notifications.views(of: [row], knowing: known)[0]
        log(.notificationAdded(view), to: [.user(UserID(rawValue: user))])
    }

    /// Marks one notification of `user`'s read, or all of them when `id` is nil: stored
    /// ones, and the games where it is their turn (`YourTurns`).
    func markRead(_ id: NotificationID?, of user: UUID) async throws -> NotificationsRead {
        let update = sql.update("notifications").set("read", to: true).where("user_id", .equal, user)
        let turns = try await reads.notifications.yourTurns(of: user)
        if let id {
            if let turn = turns.first(where: { $0.entry.id == id }) {
                try await markRead(turns: [turn], of: user, tidy: false)
            } else {
                guard try await sql.select().column("id").from("notifications")
                    .where("id", .equal, id.rawValue).where("user_id", .equal, user).first() != nil
                else { throw APIError(.notificationNotFound, "You have no notification \(id).") }
                try await update.where("id", .equal, id.rawValue).run()
            }
        } else {
            try await markRead(turns: turns, of: user, tidy: true)
            try await update.run()
        }
        let read = NotificationsRead(notification: id, unread: try await reads.notifications.unread(of: user))
        log(.notificationsRead(read), to: [.user(UserID(rawValue: user))])
        return read
    }

    func setMuted(_ kinds: [NotificationKind], for user: UUID) async throws {
        try await sql.delete(from: "notification_mutes").where("user_id", .equal, user).run()
        for kind in Set(kinds) {
            try await sql.insert(into: "notification_mutes").columns("user_id", "kind")
                .values(SQLBind(user), SQLBind(kind.rawValue)).run()
        }
    }

    /// Deletes notifications older than `cutoff`, and marks of turns read that long ago;
    /// returns how many.
    package func delete(before cutoff: Date) async throws -> Int {
        try await sql.delete(from: "notifications").where("created_at", .lessThan, cutoff).returning("id").all().count
            + deleteTurnsRead(before: cutoff)
    }
}

extension NotificationWrites {
    /// Marks `user`'s unread notifications of `kind` caused by `actor` read, telling their
    /// clients when there were any.
    func markRead(_ kind: NotificationKind, from actor: UUID, of user: UUID) async throws {
        let marked = try await sql.update("notifications").set("read", to: true)
            .where("user_id", .equal, user).where("kind", .equal, kind.rawValue)
            .where("actor_id", .equal, actor).where("read", .equal, false)
            .returning("id").all()
        guard !marked.isEmpty else { return }
        let unread = try await reads.notifications.unread(of: user)
        for row in marked {
            let id = NotificationID(rawValue: try row.decode(column: "id", as: UUID.self))
            log(.notificationsRead(NotificationsRead(notification: id, unread: unread)), to: [.user(UserID(rawValue: user))])
        }
    }
}
