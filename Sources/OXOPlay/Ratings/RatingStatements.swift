import OXOCore
import OXOProtocol
import TicTacToe

/// The statements that count a finished game, written once (`FixedStatement`) for each
/// ratings table (`RatingTables`): every game between people runs them as it ends. Built
/// at each run, their text cost SQLite's writer more than running them, and PostgreSQL
/// parsed and planned each anew. A game has two players and each statement takes both:
/// `newcomers` and `locked` in the order of their ids (two changes about one player take
/// their rows in one order), the others X first.
struct RatingStatements {
    /// Gives each player a newcomer's row unless they have one: `$1`, `$2` the players,
    /// `$3`–`$5` the newcomer's rating, deviation and volatility, `$6` the time.
    let newcomers: FixedStatement
    /// The two players' ratings, locked until the transaction ends (`RowLock`).
    let locked: FixedStatement
    /// The two players' new ratings and records: eight values a player (user, rating,
    /// deviation, volatility, won, lost, drawn, time), the first player's from `$1`, the
    /// second's from `$9`.
    let recorded: FixedStatement

    static func of(_ pace: Pace, in variant: Variant) -> RatingStatements {
        tables[RatingTables.table(of: pace, in: variant)]!
    }

    private static let tables: [String: RatingStatements] = {
        Dictionary(uniqueKeysWithValues: RatingTables.all.map(\.table).map { table in
            (table, RatingStatements(
                newcomers: FixedStatement("""
                    INSERT INTO \(table) (user_id, rating, deviation, volatility, won, lost, drawn, updated_at)
                    VALUES ($1, $3, $4, $5, 0, 0, 0, $6), ($2, $3, $4, $5, 0, 0, 0, $6) ON CONFLICT (user_id) DO NOTHING
                    """),
                locked: FixedStatement("""
                    SELECT user_id, rating, deviation, volatility FROM \(table)
                    WHERE user_id IN ($1, $2) ORDER BY user_id
                    """, locking: .update),
                recorded: FixedStatement("""
                    INSERT INTO \(table) (user_id, rating, deviation, volatility, won, lost, drawn, updated_at)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8), ($9, $10, $11, $12, $13, $14, $15, $16)
                    ON CONFLICT (user_id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
                    volatility = excluded.volatility, won = \(table).won + excluded.won, lost = \(table).lost + excluded.lost,
                    drawn = \(table).drawn + excluded.drawn, updated_at = excluded.updated_at
                    """)))
        })
    }()

    /// The game in both players' histories, unless it is there already; answers the
    /// players it added. Eight values a player (user, game, time, score, rating, deviation,
    /// pace, variant), the first player's from `$1`, the second's from `$9`.
    static let history = FixedStatement("""
        INSERT INTO rating_history (user_id, game_id, finished_at, score, rating, deviation, pace, variant)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8), ($9, $10, $11, $12, $13, $14, $15, $16)
        ON CONFLICT (user_id, game_id) DO NOTHING RETURNING user_id
        """)

    /// The rated wins of `$1` against `$2` since `$3`: read from both players' history,
    /// through its keys on (player, time) and (player, game).
    static let winsSince = FixedStatement("""
        SELECT COUNT(*) AS wins FROM rating_history w JOIN rating_history l ON l.game_id = w.game_id AND l.user_id = $2
        WHERE w.user_id = $1 AND w.finished_at > $3 AND w.score = 1 AND w.rating IS NOT NULL
        """)

    /// One more win for `$2` in the week that began at `$1`.
    static let weeklyWin = FixedStatement("""
        INSERT INTO weekly_wins (week_start, user_id, wins) VALUES ($1, $2, 1)
        ON CONFLICT (week_start, user_id) DO UPDATE SET wins = weekly_wins.wins + 1
        """)
}
