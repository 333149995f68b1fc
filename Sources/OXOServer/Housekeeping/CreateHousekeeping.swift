import Fluent

/// When each housekeeping job is next due. A process runs a job only after moving its
/// due time forward in one statement, so with several processes each run happens once.
struct CreateHousekeeping: AsyncMigration {
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
