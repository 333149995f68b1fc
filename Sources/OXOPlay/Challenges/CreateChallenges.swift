import Fluent
import OXOCore
import SQLKit

package struct CreateChallenges: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("challenges")
            .field("id", .uuid, .identifier(auto: false))
            .field("challenger_id", .uuid, .required)
            .field("opponent_id", .uuid, .required)
            // The two user ids in order, so that A→B and B→A are the same pair.
            .field("pair_key", .string, .required)
            .field("side", .string, .required)
            .field("state", .string, .required)
            .field("seen", .bool, .required)
            .field("game_id", .uuid)
            .field("created_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .field("closed_at", .datetime)
            .create()
        // One waiting challenge per pair; answered ones are kept a while, so that a late
        // answer is told the challenge is closed.
        try await database.sql.raw("CREATE UNIQUE INDEX challenges_one_pending_per_pair ON challenges (pair_key) WHERE state = 'pending'").run()
        try await database.sql.raw("CREATE INDEX challenges_by_challenger ON challenges (challenger_id)").run()
        try await database.sql.raw("CREATE INDEX challenges_by_opponent ON challenges (opponent_id)").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("challenges").delete()
    }
}
