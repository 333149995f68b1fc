import Foundation
import TicTacToe

/// A player's results against people: games against the computer and pass-and-play do
/// not count.
public struct PlayerRecord: Codable, Hashable, Sendable {
    public let won: Int
    public let lost: Int
    public let drawn: Int

    public init(won: Int, lost: Int, drawn: Int) {
        self.won = won
        self.lost = lost
        self.drawn = drawn
    }

    public static let none = PlayerRecord(won: 0, lost: 0, drawn: 0)

    public var games: Int { won + lost + drawn }
}

/// A Glicko-2 rating: everyone starts at 1500 with a deviation of 350.
public struct Rating: Codable, Hashable, Sendable {
    /// Exact; round it for display.
    public let value: Double
    /// How uncertain `value` is: it shrinks as the player plays rated games.
    public let deviation: Double
    public let volatility: Double
    /// True while the deviation is above 110: the rating says little yet, and the player
    /// is left off the leaderboard by rating.
    public let provisional: Bool

    public init(value: Double, deviation: Double, volatility: Double, provisional: Bool) {
        self.value = value
        self.deviation = deviation
        self.volatility = volatility
        self.provisional = provisional
    }
}

/// A player's rating just after one rated game.
public struct RatingPoint: Codable, Hashable, Sendable {
    public let game: GameID
    public let at: Date
    public let value: Double
    public let deviation: Double

    public init(game: GameID, at: Date, value: Double, deviation: Double) {
        self.game = game
        self.at = at
        self.value = value
        self.deviation = deviation
    }
}

/// What a player's page shows: who they are, how they do, what they play now, and, for
/// someone else's page, the score between the two.
public struct Profile: Codable, Hashable, Sendable {
    public let player: PlayerSummary
    public let joinedAt: Date
    /// A guest's games count in their record but are not rated.
    public let guest: Bool
    public let record: PlayerRecord
    public let rating: Rating
    /// The rating after each rated game, oldest first (at most the last 200).
    public let ratingHistory: [RatingPoint]
    /// Games not finished yet that the viewer may see: listed ones and the viewer's own.
    public let currentGames: [GameView]
    public let online: Bool
    /// When the player's last client went; nil while online or when never seen.
    public let lastSeenAt: Date?
    /// The score between the viewer and this player; nil on the viewer's own profile.
    public let series: Series?
    /// The rating and record in correspondence games; `rating` and `record` are those of
    /// real-time games (casual and clocked).
    public let correspondence: PaceStanding?
    /// The ratings and records of the other variants, one for each variant and pace the
    /// player has played a game that counted in; the fields above are classic's.
    public let variants: [VariantStanding]?

    public init(player: PlayerSummary, joinedAt: Date, guest: Bool, record: PlayerRecord, rating: Rating,
                ratingHistory: [RatingPoint], currentGames: [GameView], online: Bool, lastSeenAt: Date?, series: Series?,
                correspondence: PaceStanding? = nil, variants: [VariantStanding]? = nil) {
        self.variants = variants
        self.player = player
        self.joinedAt = joinedAt
        self.guest = guest
        self.record = record
        self.rating = rating
        self.ratingHistory = ratingHistory
        self.currentGames = currentGames
        self.online = online
        self.lastSeenAt = lastSeenAt
        self.series = series
        self.correspondence = correspondence
    }
}

/// A player's rating and record at one pace.
public struct PaceStanding: Codable, Hashable, Sendable {
    public let rating: Rating
    public let record: PlayerRecord

    public init(rating: Rating, record: PlayerRecord) {
        self.rating = rating
        self.record = record
    }
}

/// A player's rating and record in one variant at one pace.
public struct VariantStanding: Codable, Hashable, Sendable {
    public let variant: Variant
    public let pace: Pace
    public let rating: Rating
    public let record: PlayerRecord

    public init(variant: Variant, pace: Pace, rating: Rating, record: PlayerRecord) {
        self.variant = variant
        self.pace = pace
        self.rating = rating
        self.record = record
    }
}

/// Whom the leaderboard lists: people, or computer players on a board of their own.
/// A server that rates bots with people (`--rate-bots-with-humans`) lists both together
/// as `people`.
public enum LeaderboardPlayers: String, Codable, Hashable, Sendable, CaseIterable {
    case people, bots
}

/// The two orders of the leaderboard.
public enum LeaderboardOrder: String, Codable, Hashable, Sendable, CaseIterable {
    /// Highest rating first; provisional players are left out.
    case rating
    /// Most wins in rated games this week (from Monday 00:00 UTC) first.
    case weeklyWins = "weekly_wins"
}

/// One player on the leaderboard.
public struct LeaderboardRow: Codable, Hashable, Sendable {
    /// 1 for the first; players level on the board's measure share a rank.
    public let rank: Int
    public let player: PlayerSummary
    public let rating: Rating
    public let record: PlayerRecord
    /// Wins in rated games this week; only on the board by weekly wins.
    public let weeklyWins: Int?

    public init(rank: Int, player: PlayerSummary, rating: Rating, record: PlayerRecord, weeklyWins: Int? = nil) {
        self.rank = rank
        self.player = player
        self.rating = rating
        self.record = record
        self.weeklyWins = weeklyWins
    }
}

/// `GET /v1/leaderboard`: a page of one board. Pass `next_cursor` as `cursor` for the
/// next page.
public struct LeaderboardPage: Codable, Hashable, Sendable {
    public let order: LeaderboardOrder
    public let rows: [LeaderboardRow]
    public let nextCursor: String?
    /// The viewer's own row, whether or not it is on this page; nil when the viewer is
    /// not on this board (provisional, a guest, or no wins this week).
    public let me: LeaderboardRow?
    /// The start of the week the board by weekly wins counts; only on that board.
    public let weekStart: Date?
    /// Whose ratings the board shows: real-time games' or correspondence games'.
    public let pace: Pace?
    /// Whose ratings: each variant has its own (classic when the server does not say).
    public let variant: Variant?

    public init(order: LeaderboardOrder, rows: [LeaderboardRow], nextCursor: String?, me: LeaderboardRow?, weekStart: Date? = nil,
                pace: Pace? = nil, variant: Variant? = nil) {
        self.variant = variant
        self.pace = pace
        self.order = order
        self.rows = rows
        self.nextCursor = nextCursor
        self.me = me
        self.weekStart = weekStart
    }
}
