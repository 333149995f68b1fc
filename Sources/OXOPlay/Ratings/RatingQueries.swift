import Foundation
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe

/// Reading ratings and records: how other domains (a profile) learn how a player does.
package struct RatingQueries {
    let database: any SQLDatabase

    init(database: any SQLDatabase) {
        self.database = database
    }

    /// The player's rating and record in `variant` at `pace`; a newcomer's when they have played nobody yet.
    package func standing(of user: UserID, pace: Pace = .realTime, in variant: Variant = .classic) async throws
        -> (rating: OXOProtocol.Rating, record: PlayerRecord)
    {
        guard let row = try await database.select().columns(Self.standingColumns).from(RatingTables.table(of: pace, in: variant))
            .where("user_id", .equal, user.rawValue).first()
        else { return (Glicko2.Rating.initial.wire, .none) }
        return try Self.standing(row)
    }

    /// The player's standing in every variant but classic and at every pace where they
    /// have played a game that counted, in the order of `RatingTables.all`.
    package func otherVariants(of user: UserID) async throws -> [VariantStanding] {
        var standings: [VariantStanding] = []
        for (variant, pace, table) in RatingTables.all where variant != .classic {
            guard let row = try await database.select().columns(Self.standingColumns).from(table)
                .where("user_id", .equal, user.rawValue).first()
            else { continue }
            let (rating, record) = try Self.standing(row)
            standings.append(VariantStanding(variant: variant, pace: pace, rating: rating, record: record))
        }
        return standings
    }

    /// The player's classic real-time rating after each of their last `limit` rated games, oldest first.
    package func history(of user: UserID, limit: Int = 200) async throws -> [RatingPoint] {
        let newestFirst = try await database.select().columns("game_id", "finished_at", "rating", "deviation").from("rating_history")
            .where("user_id", .equal, user.rawValue).where("rating", .isNot, SQLLiteral.null).where("pace", .is, SQLLiteral.null).where("variant", .is, SQLLiteral.null)
            .orderBy("finished_at", .descending).limit(limit)
            .all().map { row in
                RatingPoint(game: GameID(rawValue: try row.decode(column: "game_id", as: UUID.self)),
                            at: try row.decode(column: "finished_at", as: Date.self),
                            value: try row.decode(column: "rating", as: Double.self),
                            deviation: try row.decode(column: "deviation", as: Double.self))
            }
        return newestFirst.reversed()
    }

    static let standingColumns = ["rating", "deviation", "volatility", "won", "lost", "drawn"]

    /// A rating and record from a row that has `standingColumns`.
    static func standing(_ row: some SQLRow) throws -> (rating: OXOProtocol.Rating, record: PlayerRecord) {
        let rating = Glicko2.Rating(value: try row.decode(column: "rating", as: Double.self),
                                    deviation: try row.decode(column: "deviation", as: Double.self),
                                    volatility: try row.decode(column: "volatility", as: Double.self))
        return (rating.wire, PlayerRecord(won: try row.decode(column: "won", as: Int.self),
                                          lost: try row.decode(column: "lost", as: Int.self),
                                          drawn: try row.decode(column: "drawn", as: Int.self)))
    }
}

extension Glicko2.Rating {
    var wire: OXOProtocol.Rating {
        OXOProtocol.Rating(value: value, deviation: deviation, volatility: volatility, provisional: isProvisional)
    }
}

extension Reads {
    package var ratings: RatingQueries { RatingQueries(database: sql) }
}
