import Foundation
import OXOAccounts
import OXOProtocol
import SQLKit
import TicTacToe

/// The leaderboard, read from the ratings kept as games finish: by rating (players whose
/// rating is no longer provisional) or by wins in rated games this week. Each page is an
/// index read from the top or from the cursor, and each rank one count over the index.
struct LeaderboardQuery {
    let database: any SQLDatabase
    let order: LeaderboardOrder
    /// Whose ratings: real-time games' or correspondence games'.
    let pace: Pace
    /// Whose ratings: each variant's are its own.
    let variant: Variant
    /// Bots only, people only, or everyone (nil) when bots are rated with people.
    let bots: Bool?
    /// The week that "this week" means, from the server's clock.
    let weekStart: Date

    init(database: any SQLDatabase, order: LeaderboardOrder, pace: Pace = .realTime, variant: Variant = .classic,
         bots: Bool? = false, now: Date) {
        self.database = database
        self.order = order
        self.pace = pace
        self.variant = variant
        self.bots = bots
        weekStart = RatingWeek.start(of: now)
    }

    /// A page of the board after the player named by `cursor` (the last row of the
    /// previous page), with the viewer's own row wherever it is.
    func page(after cursor: String?, limit: Int, viewer: UserID) async throws -> LeaderboardPage {
        var start: SQLQueryString = ""
        if let cursor {
            guard let user = UserID(cursor), let after = try await entry(of: user.rawValue) else {
                throw APIError(.invalidRequest, "'cursor' is not one this server gave out.")
            }
            // Where that player stands now: the rows after it in the board's order.
            start = """
                AND (\(unsafeRaw: measure) < \(after.measure.bind)
                OR (\(unsafeRaw: measure) = \(after.measure.bind) AND r.user_id < \(bind: after.user)))
                """
        }
        let entries = try await database.raw("""
            SELECT \(unsafeRaw: Self.columns), \(unsafeRaw: measure) AS measure FROM \(board) \(start)
            ORDER BY \(unsafeRaw: measure) DESC, r.user_id DESC LIMIT \(literal: limit + 1)
            """).all().map { try decode($0) }
        let shown = Array(entries.prefix(limit))
        let mine = try await entry(of: viewer.rawValue)
        let names = try await PlayerNames.summaries(of: shown.map(\.user) + (mine.map { [$0.user] } ?? []), on: database)
        var ranks: [Int] = []
        if let first = shown.first {
            let place = try await place(of: first)
            for (index, entry) in shown.enumerated() {
                // Players level on the measure share the rank of the first of them; the
                // next one down ranks by the number of players above.
                ranks.append(index == 0 ? place.rank
                    : entry.measure == shown[index - 1].measure ? ranks[index - 1] : place.ahead + index + 1)
            }
        }
        let rows = zip(shown, ranks).compactMap { entry, rank in entry.row(rank: rank, names: names) }
        var me: LeaderboardRow?
        if let mine { me = mine.row(rank: try await place(of: mine).rank, names: names) }
        return LeaderboardPage(order: order, rows: rows,
                               nextCursor: entries.count > limit ? shown.last.map { UserID(rawValue: $0.user).description } : nil,
                               me: me, weekStart: order == .weeklyWins ? weekStart : nil, pace: pace,
                               variant: variant)
    }

    /// The player's entry when they are on the board.
    private func entry(of user: UUID) async throws -> Entry? {
        try await database.raw("""
            SELECT \(unsafeRaw: Self.columns), \(unsafeRaw: measure) AS measure FROM \(board) AND r.user_id = \(bind: user)
            """).first().map { try decode($0) }
    }

    /// How many players come before `entry` on the board, and its rank: one more than
    /// the number strictly ahead of it on the measure.
    private func place(of entry: Entry) async throws -> (ahead: Int, rank: Int) {
        let row = try await database.raw("""
            SELECT COUNT(*) AS ahead, SUM(CASE WHEN \(unsafeRaw: measure) > \(entry.measure.bind) THEN 1 ELSE 0 END) AS better
            FROM \(board) AND (\(unsafeRaw: measure) > \(entry.measure.bind)
            OR (\(unsafeRaw: measure) = \(entry.measure.bind) AND r.user_id > \(bind: entry.user)))
            """).first()
        return (try row?.decode(column: "ahead", as: Int.self) ?? 0, (try row?.decode(column: "better", as: Int?.self) ?? 0) + 1)
    }

    /// The rows on this board, as `FROM … WHERE …`, with the player's ratings as `r`.
    private var board: SQLQueryString {
        switch bots {
        case nil: ratings
        case true?: "\(ratings) AND \(PlayerNames.isBot("r.user_id"))"
        case false?: "\(ratings) AND NOT \(PlayerNames.isBot("r.user_id"))"
        }
    }

    /// The rows of this order and pace, whoever the players are.
    private var ratings: SQLQueryString {
        switch order {
        case .rating:
            "\(ident: RatingTables.table(of: pace, in: variant)) r WHERE r.deviation <= \(bind: Glicko2.Rating.provisionalDeviation)"
        case .weeklyWins:
            // Wins of every variant and pace, beside the ratings of this variant and pace:
            // the players on it are those who have played it.
            "weekly_wins w JOIN \(ident: RatingTables.table(of: pace, in: variant)) r ON r.user_id = w.user_id WHERE w.week_start = \(bind: weekStart)"
        }
    }

    /// The column the board is ordered by, highest first.
    private var measure: String { order == .rating ? "r.rating" : "w.wins" }

    private static let columns = (["user_id"] + RatingQueries.standingColumns).map { "r.\($0)" }.joined(separator: ", ")

    private func decode(_ row: some SQLRow) throws -> Entry {
        Entry(user: try row.decode(column: "user_id", as: UUID.self), standing: try RatingQueries.standing(row),
              measure: order == .rating ? .rating(try row.decode(column: "measure", as: Double.self))
                  : .wins(try row.decode(column: "measure", as: Int.self)))
    }

    /// One player on the board, before their rank is known.
    private struct Entry {
        let user: UUID
        let standing: (rating: Rating, record: PlayerRecord)
        let measure: Measure

        func row(rank: Int, names: [UUID: PlayerSummary]) -> LeaderboardRow? {
            guard let player = names[user] else { return nil }
            let wins: Int? = if case .wins(let wins) = measure { wins } else { nil }
            return LeaderboardRow(rank: rank, player: player, rating: standing.rating, record: standing.record, weeklyWins: wins)
        }
    }

    /// What the board orders by, kept in its own type so that it is bound back exactly.
    private enum Measure: Equatable {
        case rating(Double)
        case wins(Int)

        var bind: SQLQueryString {
            switch self {
            case .rating(let value): "\(bind: value)"
            case .wins(let value): "\(bind: value)"
            }
        }
    }
}
