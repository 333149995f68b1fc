import Fluent
import OXOCore

/// One row per running server process, confirmed on its housekeeping timer: the sockets
/// of a process are still connected while its row is fresh. Each process confirmed every
/// one of its presence rows instead: an update, on the writer, of as many rows as it had
/// sockets, every five seconds (1–6 ms at 2,000 sockets, timed alone), growing with them.
package struct CreateServerProcesses: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        try await database.schema("server_processes")
            .field("process_id", .uuid, .identifier(auto: false))
            .field("seen_at", .datetime, .required)
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("server_processes").delete()
    }
}
