import Foundation
import TicTacToe

/// How a tournament is played: an arena (a length of time, players paired again as soon
/// as they finish, points with streaks) or a Swiss event (a number of rounds, each pairing
/// players of near scores who have not met).
public enum TournamentKind: String, Codable, Hashable, Sendable, CaseIterable {
    case arena
    case swiss
}

public enum TournamentState: String, Codable, Hashable, Sendable, CaseIterable {
    /// Taking players until `starts_at`.
    case scheduled
    case running
    case finished
    /// Cancelled by its creator; games being played finish but count for nothing more.
    case cancelled
}

/// How a tournament game ended, as the standings count it.
public enum TournamentResult: String, Codable, Hashable, Sendable {
    case x, o, draw
    /// A Swiss game never played: the player named was not there at the round's start
    /// and lost it; `both_missed` when neither was.
    case xMissed = "x_missed"
    case oMissed = "o_missed"
    case bothMissed = "both_missed"
}

public struct CreateTournamentRequest: Codable, Hashable, Sendable {
    public var kind: TournamentKind
    /// 1 to 60 characters.
    public var name: String
    /// Classic when left out.
    public var variant: Variant?
    /// An arena needs a clock; a Swiss a clock or correspondence.
    public var timeControl: TimeControl
    /// In the future.
    public var startsAt: Date
    /// An arena's length, 20 to 120.
    public var durationMinutes: Int?
    /// A Swiss event's rounds, 3 to 11.
    public var rounds: Int?
    /// A Swiss event: the least time between the starts of two rounds, 1 to 10,080 (a week).
    public var roundIntervalMinutes: Int?
    /// Private: found and joined only with the code its creator is shown.
    public var `private`: Bool?
    /// Whether bots may join; no when left out.
    public var botsAllowed: Bool?

    public init(kind: TournamentKind, name: String, variant: Variant? = nil, timeControl: TimeControl, startsAt: Date,
                durationMinutes: Int? = nil, rounds: Int? = nil, roundIntervalMinutes: Int? = nil, private: Bool? = nil,
                botsAllowed: Bool? = nil) {
        self.kind = kind
        self.name = name
        self.variant = variant
        self.timeControl = timeControl
        self.startsAt = startsAt
        self.durationMinutes = durationMinutes
        self.rounds = rounds
        self.roundIntervalMinutes = roundIntervalMinutes
        self.private = `private`
        self.botsAllowed = botsAllowed
    }
}

/// What a lobby lists of a tournament.
public struct TournamentSummary: Codable, Hashable, Sendable {
    public let id: TournamentID
    public let kind: TournamentKind
    public let name: String
    public let variant: Variant
    public let timeControl: TimeControl
    public let state: TournamentState
    public let startsAt: Date
    /// An arena's end; a Swiss event's once it finished.
    public let endsAt: Date?
    /// A Swiss event's number of rounds.
    public let rounds: Int?
    /// A Swiss event's round being played (0 before the first).
    public let round: Int?
    public let creator: PlayerSummary
    /// Players who joined, withdrawn ones included.
    public let players: Int
    public let `private`: Bool
    public let botsAllowed: Bool

    public init(id: TournamentID, kind: TournamentKind, name: String, variant: Variant, timeControl: TimeControl,
                state: TournamentState, startsAt: Date, endsAt: Date?, rounds: Int?, round: Int?, creator: PlayerSummary,
                players: Int, private: Bool, botsAllowed: Bool) {
        self.id = id
        self.kind = kind
        self.name = name
        self.variant = variant
        self.timeControl = timeControl
        self.state = state
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.rounds = rounds
        self.round = round
        self.creator = creator
        self.players = players
        self.private = `private`
        self.botsAllowed = botsAllowed
    }
}

/// One line of a tournament's standings.
public struct TournamentStanding: Codable, Hashable, Sendable {
    /// 1 for the leader; no two share a place.
    public let rank: Int
    public let player: PlayerSummary
    /// Arena: 2 a win, 1 a draw, doubled on a streak. Swiss: 1 a win or a bye, ½ a draw.
    public let points: Double
    public let games: Int
    public let wins: Int
    public let draws: Int
    public let losses: Int
    /// Arena: wins in a row at the end of the player's games; from 2 on, the next game counts double.
    public let streak: Int?
    /// Swiss: the sum of the opponents' points.
    public let buchholz: Double?
    /// Swiss: the points of each opponent beaten, and half of each drawn with.
    public let sonnebornBerger: Double?
    /// Left, or withdrawn after two missed starts: paired no more, points kept.
    public let withdrawn: Bool

    public init(rank: Int, player: PlayerSummary, points: Double, games: Int, wins: Int, draws: Int, losses: Int,
                streak: Int?, buchholz: Double?, sonnebornBerger: Double?, withdrawn: Bool) {
        self.rank = rank
        self.player = player
        self.points = points
        self.games = games
        self.wins = wins
        self.draws = draws
        self.losses = losses
        self.streak = streak
        self.buchholz = buchholz
        self.sonnebornBerger = sonnebornBerger
        self.withdrawn = withdrawn
    }
}

/// A pairing: a game being played (arena), or a game of the current round (Swiss).
public struct TournamentPairing: Codable, Hashable, Sendable {
    /// Absent for a Swiss game lost by a missed start, which was never played.
    public let game: GameID?
    /// The Swiss round; the arena's wave.
    public let round: Int
    public let x: PlayerSummary
    public let o: PlayerSummary
    /// Absent while the game is played.
    public let result: TournamentResult?

    public init(game: GameID?, round: Int, x: PlayerSummary, o: PlayerSummary, result: TournamentResult?) {
        self.game = game
        self.round = round
        self.x = x
        self.o = o
        self.result = result
    }
}

/// Where the caller stands in a tournament.
public struct TournamentYou: Codable, Hashable, Sendable {
    public let joined: Bool
    public let withdrawn: Bool
    /// The caller's game being played in it, to open.
    public let nextGame: GameID?

    public init(joined: Bool, withdrawn: Bool, nextGame: GameID?) {
        self.joined = joined
        self.withdrawn = withdrawn
        self.nextGame = nextGame
    }
}

/// A tournament as its page shows it.
public struct Tournament: Codable, Hashable, Sendable {
    public let id: TournamentID
    public let kind: TournamentKind
    public let name: String
    public let variant: Variant
    public let timeControl: TimeControl
    public let state: TournamentState
    public let startsAt: Date
    public let endsAt: Date?
    public let rounds: Int?
    public let round: Int?
    public let roundIntervalMinutes: Int?
    public let creator: PlayerSummary
    public let `private`: Bool
    /// A private tournament's code, shown to its creator only.
    public let code: String?
    public let botsAllowed: Bool
    /// The rules of scoring, pairing and tiebreaks, in words.
    public let rules: String
    public let standings: [TournamentStanding]
    /// Swiss: the current round's pairings; arena: the games being played.
    public let games: [TournamentPairing]
    /// Absent for a caller who never joined.
    public let you: TournamentYou?

    public init(id: TournamentID, kind: TournamentKind, name: String, variant: Variant, timeControl: TimeControl,
                state: TournamentState, startsAt: Date, endsAt: Date?, rounds: Int?, round: Int?, roundIntervalMinutes: Int?,
                creator: PlayerSummary, private: Bool, code: String?, botsAllowed: Bool, rules: String,
                standings: [TournamentStanding], games: [TournamentPairing], you: TournamentYou?) {
        self.id = id
        self.kind = kind
        self.name = name
        self.variant = variant
        self.timeControl = timeControl
        self.state = state
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.rounds = rounds
        self.round = round
        self.roundIntervalMinutes = roundIntervalMinutes
        self.creator = creator
        self.private = `private`
        self.code = code
        self.botsAllowed = botsAllowed
        self.rules = rules
        self.standings = standings
        self.games = games
        self.you = you
    }
}

public struct TournamentList: Codable, Hashable, Sendable {
    public let tournaments: [TournamentSummary]
    public init(tournaments: [TournamentSummary]) { self.tournaments = tournaments }
}

public struct JoinTournamentRequest: Codable, Hashable, Sendable {
    /// A private tournament's code.
    public var code: String?
    public init(code: String? = nil) { self.code = code }
}

public struct TournamentInvitationRequest: Codable, Hashable, Sendable {
    /// Friends of the creator, up to 50.
    public var players: [UserID]
    public init(players: [UserID]) { self.players = players }
}

/// A finished tournament a player played in, as their profile lists it.
public struct PlayedTournament: Codable, Hashable, Sendable {
    public let tournament: TournamentSummary
    public let place: Int
    public let points: Double
    /// The winner's.
    public let trophy: Bool

    public init(tournament: TournamentSummary, place: Int, points: Double, trophy: Bool) {
        self.tournament = tournament
        self.place = place
        self.points = points
        self.trophy = trophy
    }
}

public struct PlayedTournamentList: Codable, Hashable, Sendable {
    public let tournaments: [PlayedTournament]
    public init(tournaments: [PlayedTournament]) { self.tournaments = tournaments }
}

/// `tournament_game` on a player's inbox: a tournament paired them.
public struct TournamentPairedGame: Codable, Hashable, Sendable {
    public let tournament: TournamentID
    public let game: GameView

    public init(tournament: TournamentID, game: GameView) {
        self.tournament = tournament
        self.game = game
    }
}
