import Fluent
import OXOCore
import SQLKit

/// One row per connected socket, in the database so that every server process sees the
/// same list. Rows of a process that died stop being confirmed and are cleared: each
/// process confirmed its rows on a timer (`seen_at`), and now confirms itself instead
/// (`CreateServerProcesses`).
package struct CreatePresence: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("presence")
            .field("connection_id", .uuid, .identifier(auto: false))
            .field("user_id", .uuid, .required)
            .field("process_id", .uuid, .required)
            .field("connected_at", .datetime, .required)
            .field("seen_at", .datetime, .required)
            .create()
        try await database.sql.raw("CREATE INDEX presence_by_user ON presence (user_id)").run()
        try await database.sql.raw("CREATE INDEX presence_by_process ON presence (process_id)").run()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("presence").delete()
    }
}
