import Fluent

package struct CreateEvents: RecordedMigration {
    package init() {}

    package func prepare(on database: any Database) async throws {
        // The last sequence number of each topic. Taking the next one updates this row,
        // which serialises the writers of one topic on every database.
        try await database.schema("topic_sequences")
            .field("topic", .string, .identifier(auto: false))
            .field("seq", .int, .required)
            .create()
        try await Self.createEventsTable(on: database)
    }

    static func createEventsTable(on database: any Database) async throws {
        try await database.schema("events")
            .field("topic", .string, .required)
            .field("seq", .int, .required)
            .field("payload", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "topic", "seq")
            .create()
    }

    package func revert(on database: any Database) async throws {
        try await database.schema("events").delete()
        try await database.schema("topic_sequences").delete()
    }
}
