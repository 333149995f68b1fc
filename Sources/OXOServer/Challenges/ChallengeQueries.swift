import Fluent
import Foundation
import OXOProtocol
import SQLKit
import TicTacToe

/// A row of `challenges` as SQLKit decodes it.
struct ChallengeRow: Codable, Sendable {
    var id: UUID
    var challengerId: UUID
    var opponentId: UUID
    var side: String
    var state: String
    var seen: Bool
    var gameId: UUID?
    var createdAt: Date
    var expiresAt: Date

    var challengeState: Challenge.State { Challenge.State(rawValue: state) ?? .expired }
}

/// Reading challenges, and building what their two players see of them.
struct ChallengeQueries {
    let database: any Database

    static let columns = ["id", "challenger_id", "opponent_id", "side", "state", "seen", "game_id", "created_at", "expires_at"]

    /// The challenge, if `user` is one of its two players: to anyone else it does not exist.
    func row(_ id: ChallengeID, for user: UserID) async throws -> ChallengeRow {
        guard let row = try await select().where("id", .equal, id.rawValue)
            .first(decoding: ChallengeRow.self, keyDecodingStrategy: .convertFromSnakeCase),
            row.challengerId == user.rawValue || row.opponentId == user.rawValue
        else { throw APIError(.challengeNotFound, "There is no challenge \(id) of yours.") }
        return row
    }

    /// The challenges waiting for an answer, made or received by `user`, newest first.
    func pending(for user: UUID) async throws -> [Challenge] {
        let rows = try await select()
            .where("state", .equal, Challenge.State.pending.rawValue)
            .where { $0.where("challenger_id", .equal, user).orWhere("opponent_id", .equal, user) }
            .orderBy("created_at", .descending)
            .all(decoding: ChallengeRow.self, keyDecodingStrategy: .convertFromSnakeCase)
        return try await views(of: rows)
    }

    func view(of row: ChallengeRow) async throws -> Challenge {
        try await views(of: [row])[0]
    }

    func views(of rows: [ChallengeRow]) async throws -> [Challenge] {
        let ids = Array(Set(rows.flatMap { [$0.challengerId, $0.opponentId] }))
        guard !ids.isEmpty else { return [] }
        let users = try await UserRecord.query(on: database).filter(\.$id ~~ ids).all()
        let players = Dictionary(uniqueKeysWithValues: users.map {
            ($0.id!, PlayerSummary(id: UserID(rawValue: $0.id!), username: $0.username, displayName: $0.displayName))
        })
        return rows.compactMap { row in
            guard let challenger = players[row.challengerId], let opponent = players[row.opponentId] else { return nil }
            return Challenge(
                id: ChallengeID(rawValue: row.id), challenger: challenger, opponent: opponent,
                side: Mark(row.side) ?? .x, state: row.challengeState, seen: row.seen,
                game: row.gameId.map(GameID.init(rawValue:)), createdAt: row.createdAt, expiresAt: row.expiresAt)
        }
    }

    func select() -> SQLSelectBuilder {
        database.sql.select().columns(Self.columns.map { SQLIdentifier($0) }).from("challenges")
    }
}
