import Fluent

/// The players waiting to be paired by *Play random*, oldest first.
struct CreateMatchQueue: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("match_queue")
            .field("user_id", .uuid, .identifier(auto: false))
            .field("since", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("match_queue").delete()
    }
}
