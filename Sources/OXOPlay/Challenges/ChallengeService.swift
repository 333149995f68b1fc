import Fluent
import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe
import Vapor

/// One player asks an online player for a game; the other sees it, then accepts or
/// declines, or the challenger cancels, or it expires. Each answer changes a waiting
/// challenge only if it is still waiting, in one statement, so of two answers given at
/// once (or one accept sent twice) exactly one counts and at most one game starts.
package struct ChallengeService {
    enum Answer: String {
        case seen, accept, decline, cancel
    }

    let store: Store

    package init(store: Store) {
        self.store = store
    }

    func create(_ body: CreateChallengeRequest, by user: AuthenticatedUser) async throws -> Challenge {
        let (me, opponent) = (user.id.rawValue, body.opponent.rawValue)
        guard opponent != me else { throw APIError(.invalidRequest, "You cannot challenge yourself.") }
        let control = try GameRules.timeControl(body.timeControl, for: .online)
        // A correspondence game needs nobody at the screen: its challenge may wait for days.
        let byPost = control.kind == .correspondence
        let lifetime = byPost ? store.context.configuration.correspondenceChallengeLifetime : store.context.configuration.challengeLifetime
        let limit = store.context.configuration.waitingChallengeLimit
        do {
            return try await store.change { change in
                let database = change.sql
                guard let challenged = try await PlayerNames.summary(of: opponent, on: database) else {
                    throw APIError(.playerNotFound, "There is no player \(body.opponent).")
                }
                try GameRules.requireClock(control, withBot: challenged.bot || user.summary.bot)
                if challenged.bot {
                    try await PlayerBotService.refuse(body.opponent, playing: body.variant ?? .classic, randomly: false, on: database)
                }
                try await Blocks.refuse(from: me, toward: opponent, on: database)
                if !byPost, try await !database.reads.presence.isOnline(opponent) {
                    throw APIError(.playerOffline, "That player is not online.")
                }
                let made = try await database.reads.challenges.select()
                    .where("challenger_id", .equal, me).where("state", .equal, Challenge.State.pending.rawValue).all()
                guard made.count < limit else {
                    throw TooManyAttempts(
                        retryAfter: lifetime,
                        "You have \(limit) challenges waiting for an answer; wait for one before making another")
                }
                let pair = Self.pairKey(me, opponent)
                let waiting = try await database.reads.challenges.select()
                    .where("pair_key", .equal, pair).where("state", .equal, Challenge.State.pending.rawValue).first()
                guard waiting == nil else { throw Self.alreadyPending }
                let id = UUID.random()
                try await database.insert(into: "challenges")
                    .columns("id", "challenger_id", "opponent_id", "pair_key", "side", "state", "seen", "created_at", "expires_at",
                             "variant")
                    .values(SQLBind(id), SQLBind(me), SQLBind(opponent), SQLBind(pair), SQLBind((body.side ?? .x).rawValue),
                            SQLBind(Challenge.State.pending.rawValue), SQLBind(false), SQLBind(change.now),
                            SQLBind(change.now.addingTimeInterval(lifetime)), SQLBind(VariantColumn.value(of: body.variant ?? .classic)))
                    .run()
                if control.kind != .casual {
                    try await database.update("challenges")
                        .set("time_control", to: control.kind.rawValue).set("clock_initial", to: control.initialSeconds)
                        .set("clock_increment", to: control.incrementSeconds).set("days_per_move", to: control.daysPerMove)
                        .where("id", .equal, id).run()
                }
                return try await Self.announce(ChallengeID(rawValue: id), in: change)
            }
        } catch where (error as? any DatabaseError)?.isConstraintFailure == true {
            throw Self.alreadyPending  // Both asked at the same moment on PostgreSQL.
        }
    }

    func respond(_ id: ChallengeID, _ answer: Answer, by user: AuthenticatedUser) async throws -> Challenge {
        try await store.change { change in
            let row = try await change.reads.challenges.row(id, for: user.id)
            let party = answer == .cancel ? row.challengerId : row.opponentId
            guard party == user.id.rawValue else {
                throw APIError(.forbidden, answer == .cancel
                    ? "Only the challenger can cancel a challenge." : "Only the challenged player can answer a challenge.")
            }
            guard row.state == .pending, row.expiresAt > change.now else {
                throw APIError(.challengeClosed, "This challenge is no longer waiting for an answer.")
            }
            if answer == .seen, row.seen { return try await change.reads.challenges.view(of: row) }
            if answer == .accept {
                try await change.reads.games.refuseBotAtItsLimit(user, limit: change.context.configuration.botGamesAtOnce)
            }
            guard try await Self.settle(id, answer, in: change) else {
                throw APIError(.challengeClosed, "This challenge is no longer waiting for an answer.")
            }
            if answer == .accept {
                let (x, o) = row.side == .x ? (row.challengerId, row.opponentId) : (row.opponentId, row.challengerId)
                let game = try await change.games.start(x: x, o: o, by: row.opponentId, variant: row.variant, control: row.timeControl)
                try await change.sql.update("challenges").set("game_id", to: game.id.rawValue)
                    .where("id", .equal, id.rawValue).run()
            }
            return try await Self.announce(id, in: change)
        }
    }

    /// Expires the challenges nobody answered in time, and forgets those closed more
    /// than a lifetime ago. Returns how many expired.
    package func expireDue() async throws -> Int {
        let lifetime = store.context.configuration.challengeLifetime
        return try await store.change { change in
            let expired = try await change.sql.raw("""
                UPDATE challenges SET state = \(bind: Challenge.State.expired.rawValue), closed_at = \(bind: change.now)
                WHERE state = \(bind: Challenge.State.pending.rawValue) AND expires_at <= \(bind: change.now) RETURNING id
                """).all().map { try $0.decode(column: "id", as: UUID.self) }
            for id in expired { _ = try await Self.announce(ChallengeID(rawValue: id), in: change) }
            try await change.sql.delete(from: "challenges")
                .where("closed_at", .lessThan, change.now.addingTimeInterval(-lifetime)).run()
            return expired.count
        }
    }

    /// Cancels every waiting challenge from or to a player whose account is being deleted,
    /// telling both sides, as a withdrawn challenge is told.
    package static func cancelAll(involving user: UUID, in change: Change) async throws {
        let cancelled = try await change.sql.raw("""
            UPDATE challenges SET state = \(bind: Challenge.State.cancelled.rawValue), closed_at = \(bind: change.now)
            WHERE state = \(bind: Challenge.State.pending.rawValue)
            AND (challenger_id = \(bind: user) OR opponent_id = \(bind: user)) RETURNING id
            """).all().map { try $0.decode(column: "id", as: UUID.self) }
        for id in cancelled { _ = try await announce(ChallengeID(rawValue: id), in: change) }
    }

    /// Moves a waiting challenge on by `answer`, only if it is still waiting.
    private static func settle(_ id: ChallengeID, _ answer: Answer, in change: Change) async throws -> Bool {
        let waiting = Challenge.State.pending.rawValue
        let query: SQLQueryString = switch answer {
        case .seen:
            "UPDATE challenges SET seen = \(bind: true) WHERE id = \(bind: id.rawValue) AND state = \(bind: waiting) RETURNING id"
        case .accept, .decline, .cancel:
            """
            UPDATE challenges SET state = \(bind: closedState(answer).rawValue), closed_at = \(bind: change.now)
            WHERE id = \(bind: id.rawValue) AND state = \(bind: waiting) RETURNING id
            """
        }
        return try await !change.sql.raw(query).all().isEmpty
    }

    private static func closedState(_ answer: Answer) -> Challenge.State {
        switch answer {
        case .accept: .accepted
        case .decline: .declined
        case .cancel, .seen: .cancelled
        }
    }

    /// Tells both players' inboxes how the challenge stands.
    private static func announce(_ id: ChallengeID, in change: Change) async throws -> Challenge {
        let queries = change.reads.challenges
        guard let row = try await queries.select().where("id", .equal, id.rawValue).first(decoding: ChallengeRow.self)
        else { throw APIError(.challengeNotFound, "There is no challenge \(id).") }
        let challenge = try await queries.view(of: row)
        change.log(.challengeChanged(challenge),
                   to: [.user(UserID(rawValue: row.challengerId)), .user(UserID(rawValue: row.opponentId))])
        return challenge
    }

    private static func pairKey(_ a: UUID, _ b: UUID) -> String {
        [a, b].map { $0.lowercasedText }.sorted().joined(separator: ":")
    }

    private static let alreadyPending = APIError(.challengePending, "There is already a challenge waiting between you two.")
}
