import Foundation
import OXOProtocol
import SQLKit
import TicTacToe

/// A row of `tournaments`.
struct TournamentRow: Codable, Sendable {
    var id: UUID
    var kind: TournamentKind
    var name: String
    var variantName: String?
    var timeControlKind: TimeControl.Kind
    var clockInitial: Int?
    var clockIncrement: Int?
    var daysPerMove: Int?
    var startsAt: Date
    var endsAt: Date?
    var rounds: Int?
    var round: Int
    var roundInterval: Int?
    var roundStartedAt: Date?
    var state: TournamentState
    var creatorId: UUID
    var isPrivate: Bool
    var code: String?
    var botsAllowed: Bool
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, kind, name, rounds, round, state, code
        case variantName = "variant", timeControlKind = "time_control", clockInitial = "clock_initial"
        case clockIncrement = "clock_increment", daysPerMove = "days_per_move", startsAt = "starts_at", endsAt = "ends_at"
        case roundInterval = "round_interval", roundStartedAt = "round_started_at", creatorId = "creator_id"
        case isPrivate = "private", botsAllowed = "bots_allowed", createdAt = "created_at"
    }

    static let columns = ["id", "kind", "name", "variant", "time_control", "clock_initial", "clock_increment", "days_per_move",
                          "starts_at", "ends_at", "rounds", "round", "round_interval", "round_started_at", "state", "creator_id",
                          "private", "code", "bots_allowed", "created_at"]

    var variant: Variant { VariantColumn.read(variantName) }

    var timeControl: TimeControl {
        TimeControl(kind: timeControlKind, initialSeconds: clockInitial, incrementSeconds: clockIncrement, daysPerMove: daysPerMove)
    }

    var tournamentID: TournamentID { TournamentID(rawValue: id) }
}

/// A row of `tournament_players`.
struct TournamentPlayerRow: Codable, Sendable {
    var tournamentId: UUID
    var userId: UUID
    var joinedAt: Date
    var withdrawn: Bool
    var rating: Double
    var busyGame: UUID?
    var lastOpponent: UUID?
    var colourBalance: Int

    enum CodingKeys: String, CodingKey {
        case withdrawn, rating
        case tournamentId = "tournament_id", userId = "user_id", joinedAt = "joined_at", busyGame = "busy_game"
        case lastOpponent = "last_opponent", colourBalance = "colour_balance"
    }

    static let columns = ["tournament_id", "user_id", "joined_at", "withdrawn", "rating", "busy_game", "last_opponent", "colour_balance"]
}

/// A row of `tournament_games`: a game, a bye (no O, no game) or a game lost by a missed
/// start (no game).
struct TournamentGameRow: Codable, Sendable {
    var id: UUID
    var tournamentId: UUID
    var round: Int
    var gameId: UUID?
    var xId: UUID
    var oId: UUID?
    var result: String?
    var finishOrder: Int?
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, round, result
        case tournamentId = "tournament_id", gameId = "game_id", xId = "x_id", oId = "o_id", finishOrder = "finish_order"
        case createdAt = "created_at"
    }

    static let columns = ["id", "tournament_id", "round", "game_id", "x_id", "o_id", "result", "finish_order", "created_at"]

    /// Stored in `result` for a bye.
    static let bye = "bye"

    var isBye: Bool { oId == nil }
    var wireResult: TournamentResult? { result.flatMap(TournamentResult.init(rawValue:)) }
}
