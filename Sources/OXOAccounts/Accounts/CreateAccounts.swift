import Fluent
import OXOCore

package struct CreateAccounts: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("users")
            .id()
            .field("username", .string, .required)
            .field("username_key", .string, .required)
            .field("email", .string, .required)
            .field("display_name", .string, .required)
            .field("password_hash", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "username_key")
            .unique(on: "email")
            .create()
        try await database.schema("display_name_changes")
            .id()
            .field("user_id", .uuid, .required, .references("users", .id, onDelete: .cascade))
            .field("previous_name", .string, .required)
            .field("changed_at", .datetime, .required)
            .create()
        try await database.schema("sessions")
            .id()
            .field("user_id", .uuid, .required, .references("users", .id, onDelete: .cascade))
            .field("token_hash", .string, .required)
            .field("created_at", .datetime, .required)
            .field("last_used_at", .datetime, .required)
            .unique(on: "token_hash")
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("sessions").delete()
        try await database.schema("display_name_changes").delete()
        try await database.schema("users").delete()
    }
}
