import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// The timer's work for time controls: ending the games whose side to move ran out of
/// time, and reminding correspondence players when a quarter of their time is left.
/// Both are decided once however many processes look at the same moment: a game ends by
/// `UPDATE … WHERE phase = 'live'` (`finish`), and a reminder is taken by clearing its
/// time in `UPDATE … WHERE remind_at IS NOT NULL RETURNING`.
extension GameWrites {
    /// Ends every live game whose deadline has passed; returns how many.
    package func settleTimeouts() async throws -> Int {
        let ids = try await sql.raw("""
            SELECT id FROM games WHERE deadline_at IS NOT NULL AND deadline_at <= \(bind: now)
            AND phase = \(literal: GamePhase.live.rawValue)
            """).all().map { try $0.decode(column: "id", as: UUID.self) }
        var settled = 0
        for id in ids {
            let game = try await reads.games.game(GameID(rawValue: id), kept: context[LiveGames.self])
            // Read again in this transaction: a move may have come in time since the list was read.
            if try await settledOnTime(game) != nil { settled += 1 }
        }
        return settled
    }

    /// Ends `game` on time if the deadline of the side to move has passed, and returns it
    /// ended; nil when no clock has run out. A claim and the away rules ask this first, so
    /// that nobody wins by an opponent's absence after their own flag fell.
    func settledOnTime(_ game: StoredGame) async throws -> Played? {
        guard game.row.phase == .live, let deadline = game.row.deadlineAt, deadline <= now else { return nil }
        return try await finish(game, winner: GameRules.timeout(game.state), reason: .timeout)
    }

    /// Tells each correspondence player whose reminder is due that a quarter of their
    /// time is left, once per move; returns how many were told.
    package func remindCorrespondents() async throws -> Int {
        let ids = try await sql.raw("""
            UPDATE games SET remind_at = NULL
            WHERE remind_at IS NOT NULL AND remind_at <= \(bind: now) AND phase = \(literal: GamePhase.live.rawValue)
            RETURNING id
            """).all().map { try $0.decode(column: "id", as: UUID.self) }
        keptRows.forget(ids.map { .game(GameID(rawValue: $0)) })
        for view in try await views(of: ids) {
            guard let turn = view.turn, let player = view.seat(turn)?.player else { continue }
            log(.timeRunningOut(view), to: [.user(player.id)])
        }
        return ids.count
    }
}
