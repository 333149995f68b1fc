import Foundation
import OXOCore
import OXOProtocol
import TicTacToe

/// The statements every game runs, written once (`FixedStatement`): its creation, its second
/// player's seat, each move and its end. The timing columns are named in one place,
/// `timingColumns`, and `values(of:)` gives a timing's values in that order.
enum GameStatements {
    /// A new game, with its time control and its clocks, answered with its row as a read
    /// gives it (`GameQueries.selectList`, which names the players): so a creation is one
    /// statement. Its values are those of `GameQueries.creationColumns`, then
    /// `TimeControlColumns.names`, then the timing.
    static let inserted: FixedStatement = {
        let columns = GameQueries.creationColumns + TimeControlColumns.names + timingColumns
        return FixedStatement("""
            INSERT INTO games (\(columns.joined(separator: ", ")))
            VALUES (\(columns.indices.map { "$\($0 + 1)" }.joined(separator: ", "))) RETURNING \(GameQueries.selectList.sql)
            """)
    }()

    /// The second player takes a seat, `$1`, and the game begins at `$3` with its clocks
    /// from `$6` on; answered with the game's row. The phase check in the WHERE clause is
    /// the compare-and-set: of many joiners, only the first to commit still finds the game
    /// open (`$5`).
    static func seated(_ seat: Mark) -> FixedStatement {
        seat == .x ? xSeated : oSeated
    }

    private static let xSeated = seated(column: "x_user_id")
    private static let oSeated = seated(column: "o_user_id")

    private static func seated(column: String) -> FixedStatement {
        FixedStatement("""
            UPDATE games SET \(column) = $1, phase = $2, updated_at = $3, \(timingAssignments(from: 6))
            WHERE id = $4 AND phase = $5 RETURNING \(GameQueries.selectList.sql)
            """)
    }

    static let moveInserted = FixedStatement("""
        INSERT INTO moves (game_id, number, cell, mark, user_id, played_at) VALUES ($1, $2, $3, $4, $5, $6)
        RETURNING played_at
        """)

    /// A move leaves `updated_at` alone: it says when the game's phase last changed (when a
    /// finished game ended, which its history is ordered by). On PostgreSQL a column of an
    /// index (`updated_at` is one of the finished games') changed by an update makes it
    /// write a new entry in each of the table's indexes, and most of a move's update was that.
    static let moveCounted = FixedStatement("UPDATE games SET move_count = $1 WHERE id = $2 AND move_count = $3")
    static let clockedMoveCounted = FixedStatement(
        "UPDATE games SET move_count = $1, \(timingAssignments(from: 4)) WHERE id = $2 AND move_count = $3")
    /// The game ends where it is still live (`$12`) and counts the moves the change read
    /// (`$13`): on PostgreSQL another process may have stored a move since, and an end
    /// decided without it would hide it.
    static let finished = FixedStatement("""
        UPDATE games SET \(timingAssignments(from: 1)), move_count = $6, updated_at = $7, phase = $8, winner = $9,
        result_reason = $10 WHERE id = $11 AND phase = $12 AND move_count = $13 RETURNING id
        """)

    /// On PostgreSQL a move the game goes on after is one statement: the game's new count
    /// `$2` (and clocks, from `$8`) where it is still live and counts `$7`, and the move
    /// (`$1`–`$6`, as `moveInserted`) only when it did. Its row was read at the start of the
    /// group's transaction (`RowRead`), so another process may have ended the game since.
    /// SQLite has no data-modifying `WITH`, and needs none: its statements take no round trip.
    static let movePlayed = countedAndPlayed(setting: "move_count = $2")
    static let clockedMovePlayed = countedAndPlayed(setting: "move_count = $2, \(timingAssignments(from: 8))")

    private static func countedAndPlayed(setting assignments: String) -> FixedStatement {
        FixedStatement("""
            WITH counted AS (UPDATE games SET \(assignments)
                WHERE id = $1 AND move_count = $7 AND phase = '\(GamePhase.live.rawValue)' RETURNING id)
            INSERT INTO moves (game_id, number, cell, mark, user_id, played_at) SELECT id, $2, $3, $4, $5, $6 FROM counted
            RETURNING played_at
            """)
    }

    private static let timingColumns = ["x_ms", "o_ms", "turn_started_at", "deadline_at", "remind_at"]

    /// The timing columns set to the values bound from `$first` on.
    private static func timingAssignments(from first: Int) -> String {
        timingColumns.enumerated().map { "\($1) = $\(first + $0)" }.joined(separator: ", ")
    }

    /// `timing`'s values in the order of `timingColumns`.
    static func values(of timing: GameRules.Timing) -> [any Encodable & Sendable] {
        [timing.xMs, timing.oMs, timing.turnStartedAt, timing.deadline, timing.remindAt]
    }
}
