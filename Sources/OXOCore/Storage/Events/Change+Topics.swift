import OXOProtocol
import SQLKit

extension Change {
    /// Deletes what is stored of `topic` (its events and its number) for a topic nobody
    /// will follow again, such as a game that was never joined.
    package func forget(_ topic: Topic) async throws {
        let name = topic.description
        try await sql.delete(from: "events").where("topic", .equal, name).run()
        try await sql.delete(from: "topic_sequences").where("topic", .equal, name).run()
    }
}
