import Foundation
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe

/// Challenges' writes, on `change.challenges`: a challenge made, answered, expired or
/// withdrawn, each told to both its players.
package struct ChallengeWrites: ChangeHandle { package let change: Change }

extension Change { package var challenges: ChallengeWrites { ChallengeWrites(change: self) } }

extension ChallengeWrites {
    /// Records a challenge from `challenger` to `opponent`, waiting for an answer for
    /// `lifetime`, and tells both. A second waiting challenge between the two fails on the
    /// unique index of the pair.
    func create(from challenger: UUID, to opponent: UUID, side: Mark, variant: Variant, control: TimeControl,
                lifetime: TimeInterval) async throws -> Challenge {
        let id = UUID.random()
        try await sql.insert(into: "challenges")
            .columns("id", "challenger_id", "opponent_id", "pair_key", "side", "state", "seen", "created_at", "expires_at",
                     "variant")
            .values(SQLBind(id), SQLBind(challenger), SQLBind(opponent), SQLBind(ChallengeQueries.pairKey(challenger, opponent)),
                    SQLBind(side.rawValue), SQLBind(Challenge.State.pending.rawValue), SQLBind(false), SQLBind(now),
                    SQLBind(now.addingTimeInterval(lifetime)), SQLBind(VariantColumn.value(of: variant)))
            .run()
        if control.kind != .casual {
            try await sql.update("challenges")
                .set("time_control", to: control.kind.rawValue).set("clock_initial", to: control.initialSeconds)
                .set("clock_increment", to: control.incrementSeconds).set("days_per_move", to: control.daysPerMove)
                .where("id", .equal, id).run()
        }
        return try await announce(ChallengeID(rawValue: id))
    }

    /// Moves a waiting challenge on by `answer`, only if it is still waiting, in one
    /// statement; returns whether it did. Nobody is told yet: an accepted challenge starts
    /// its game first.
    func settle(_ id: ChallengeID, _ answer: ChallengeService.Answer) async throws -> Bool {
        let waiting = Challenge.State.pending.rawValue
        let query: SQLQueryString = switch answer {
        case .seen:
            "UPDATE challenges SET seen = \(bind: true) WHERE id = \(bind: id.rawValue) AND state = \(bind: waiting) RETURNING id"
        case .accept, .decline, .cancel:
            """
            UPDATE challenges SET state = \(bind: Self.closedState(answer).rawValue), closed_at = \(bind: now)
            WHERE id = \(bind: id.rawValue) AND state = \(bind: waiting) RETURNING id
            """
        }
        return try await !sql.raw(query).all().isEmpty
    }

    private static func closedState(_ answer: ChallengeService.Answer) -> Challenge.State {
        switch answer {
        case .accept: .accepted
        case .decline: .declined
        case .cancel, .seen: .cancelled
        }
    }

    /// Records the game an accepted challenge started, which both players are shown.
    func recordGame(_ game: GameID, of id: ChallengeID) async throws {
        try await sql.update("challenges").set("game_id", to: game.rawValue).where("id", .equal, id.rawValue).run()
    }

    /// Expires the challenges nobody answered in time, and forgets those closed more
    /// than a lifetime ago. Returns how many expired.
    package func expireDue() async throws -> Int {
        let expired = try await sql.raw("""
            UPDATE challenges SET state = \(bind: Challenge.State.expired.rawValue), closed_at = \(bind: now)
            WHERE state = \(bind: Challenge.State.pending.rawValue) AND expires_at <= \(bind: now) RETURNING id
            """).all().map { try $0.decode(column: "id", as: UUID.self) }
        for id in expired { _ = try await announce(ChallengeID(rawValue: id)) }
        try await sql.delete(from: "challenges")
            .where("closed_at", .lessThan, now.addingTimeInterval(-context.configuration.challengeLifetime)).run()
        return expired.count
    }

    /// Cancels every waiting challenge from or to a player whose account is being deleted,
    /// telling both sides, as a withdrawn challenge is told.
    package func cancelAll(involving user: UUID) async throws {
        let cancelled = try await sql.raw("""
            UPDATE challenges SET state = \(bind: Challenge.State.cancelled.rawValue), closed_at = \(bind: now)
            WHERE state = \(bind: Challenge.State.pending.rawValue)
            AND (challenger_id = \(bind: user) OR opponent_id = \(bind: user)) RETURNING id
            """).all().map { try $0.decode(column: "id", as: UUID.self) }
        for id in cancelled { _ = try await announce(ChallengeID(rawValue: id)) }
    }

    /// Tells both players' inboxes how the challenge stands.
    func announce(_ id: ChallengeID) async throws -> Challenge {
        let queries = reads.challenges
        guard let row = try await queries.select().where("id", .equal, id.rawValue).first(decoding: ChallengeRow.self)
        else { throw APIError(.challengeNotFound, "There is no challenge \(id).") }
        let challenge = try await queries.view(of: row)
        log(.challengeChanged(challenge), to: [.user(UserID(rawValue: row.challengerId)), .user(UserID(rawValue: row.opponentId))])
        return challenge
    }
}
