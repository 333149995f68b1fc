import Foundation
import OXOProtocol
import SQLKit

/// Every way the stored events change besides being appended (which only the writer's
/// `EventStore` does): `events` has one owner, and this is the rest of it.
extension Change {
    /// Deletes what is stored of `topic` (its events and its number) for a topic nobody
    /// will follow again, such as a game that was never joined.
    package func forget(_ topic: Topic) async throws {
        let name = topic.description
        try await sql.delete(from: "events").where("topic", .equal, name).run()
        try await sql.delete(from: "topic_sequences").where("topic", .equal, name).run()
    }

    /// Drops the events stored on `topic` so far but keeps its numbering: a client that
    /// resumes from before now is answered with a snapshot, which shows only what is still
    /// there. For what must never be served again, such as a deleted message's text.
    package func forgetHistory(of topic: Topic) async throws {
        try await sql.delete(from: "events").where("topic", .equal, topic.description).run()
    }

    /// Drops every stored event that names `user` (ids travel in lower case), on every
    /// topic: the account is being deleted, and resuming must not bring back its name,
    /// picture or words. Those topics' resumes become snapshots.
    package func forgetEvents(naming user: UUID) async throws {
        try await sql.delete(from: "events").where("payload", .like, "%\(user.lowercasedText)%").run()
    }

    /// Drops the events stored before `cutoff`; returns how many. Resuming from before
    /// them is answered with a snapshot.
    package func forgetEvents(storedBefore cutoff: Date) async throws -> Int {
        try await sql.delete(from: "events").where("created_at", .lessThan, cutoff).returning("seq").all().count
    }
}
