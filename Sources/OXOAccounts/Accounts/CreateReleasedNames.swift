import Fluent

/// The usernames of deleted accounts, held for a while (`ServerConfiguration.releasedNameHold`)
/// before anyone may register them, so that nobody takes over a name its friends still
/// know as someone else's the moment it is given up. Only the name in lower case is kept.
package struct CreateReleasedNames: AsyncMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("released_names")
            .field("username_key", .string, .identifier(auto: false))
            .field("free_at", .datetime, .required)
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("released_names").delete()
    }
}
