import Fluent
import OXOCore

/// When each housekeeping job is next due. A process runs a job only after moving its
/// due time forward in one statement, so with several processes each run happens once.
struct CreateHousekeeping: RecordedMigration {
    /// The name databases recorded when it ran, kept whichever module holds it.
    var name: String { "OXOServer.CreateHousekeeping" }

    func prepare(on database: any Database) async throws {
        try await database.schema("housekeeping_jobs")
            .field("job", .string, .identifier(auto: false))
            .field("due_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("housekeeping_jobs").delete()
    }
}
