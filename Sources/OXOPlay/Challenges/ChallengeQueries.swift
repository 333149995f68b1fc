import Fluent
import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe

/// A row of `challenges` as SQLKit decodes it, its columns spelled out.
struct ChallengeRow: Codable, Sendable {
    var id: UUID
    var challengerId: UUID
    var opponentId: UUID
    var side: Mark
    var state: Challenge.State
    var seen: Bool
    var gameId: UUID?
    var createdAt: Date
    var expiresAt: Date
    var timeControlKind: TimeControl.Kind?
    var clockInitial: Int?
    var clockIncrement: Int?
    var daysPerMove: Int?
    /// Null for classic (`VariantColumn`).
    var variantName: String?

    enum CodingKeys: String, CodingKey {
        case id, side, state, seen
        case variantName = "variant"
        case challengerId = "challenger_id", opponentId = "opponent_id", gameId = "game_id"
        case createdAt = "created_at", expiresAt = "expires_at"
        case timeControlKind = "time_control", clockInitial = "clock_initial", clockIncrement = "clock_increment"
        case daysPerMove = "days_per_move"
    }

    /// The board of the game it would start.
    var variant: Variant { VariantColumn.read(variantName) }

    /// The control of the game it would start; casual when it names none.
    var timeControl: TimeControl {
        TimeControl(kind: timeControlKind ?? .casual, initialSeconds: clockInitial, incrementSeconds: clockIncrement,
                    daysPerMove: daysPerMove)
    }
}

/// Reading challenges, and building what their two players see of them.
package struct ChallengeQueries {
    let database: any SQLDatabase

    init(database: any SQLDatabase) {
        self.database = database
    }

    static let columns = ["id", "challenger_id", "opponent_id", "side", "state", "seen", "game_id", "created_at", "expires_at"]
        + AddChallengeTimeControls.columns.names + ["variant"]

    /// The pair of two players, the same whichever challenges the other: the unique index
    /// of the waiting challenges holds it to one a pair.
    static func pairKey(_ a: UUID, _ b: UUID) -> String {
        [a, b].map { $0.lowercasedText }.sorted().joined(separator: ":")
    }

    /// The challenge, if `user` is one of its two players: to anyone else it does not exist.
    func row(_ id: ChallengeID, for user: UserID) async throws -> ChallengeRow {
        guard let row = try await select().where("id", .equal, id.rawValue)
            .first(decoding: ChallengeRow.self),
            row.challengerId == user.rawValue || row.opponentId == user.rawValue
        else { throw APIError(.challengeNotFound, "There is no challenge \(id) of yours.") }
        return row
    }

    /// The challenges waiting for an answer, made or received by `user`, newest first.
    package func pending(for user: UUID) async throws -> [Challenge] {
        let rows = try await select()
            .where("state", .equal, Challenge.State.pending.rawValue)
            .where { $0.where("challenger_id", .equal, user).orWhere("opponent_id", .equal, user) }
            .orderBy("created_at", .descending)
            .all(decoding: ChallengeRow.self)
        return try await views(of: rows)
    }

    func view(of row: ChallengeRow) async throws -> Challenge {
        try await views(of: [row])[0]
    }

    func views(of rows: [ChallengeRow]) async throws -> [Challenge] {
        let players = try await PlayerNames.summaries(of: rows.flatMap { [$0.challengerId, $0.opponentId] }, on: database)
        return rows.compactMap { row in
            guard let challenger = players[row.challengerId], let opponent = players[row.opponentId] else { return nil }
            return Challenge(
                id: ChallengeID(rawValue: row.id), challenger: challenger, opponent: opponent,
                side: row.side, state: row.state, seen: row.seen,
                game: row.gameId.map(GameID.init(rawValue:)), createdAt: row.createdAt, expiresAt: row.expiresAt,
                timeControl: row.timeControlKind == nil ? nil : row.timeControl, variant: row.variant)
        }
    }

    func select() -> SQLSelectBuilder {
        database.select().columns(Self.columns.map { SQLIdentifier($0) }).from("challenges")
    }
}

extension Reads {
    package var challenges: ChallengeQueries { ChallengeQueries(database: sql) }
}
