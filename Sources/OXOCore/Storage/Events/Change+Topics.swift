import Foundation
import OXOProtocol
import SQLKit

/// What a change makes every process forget of the topics' recent events (which only
/// the writer's `EventStore` adds to). SQLite's one process forgets once the change
/// committed; on PostgreSQL the change announces it to every process (`PostgresEventRelay`),
/// which forget when it commits.
extension Change {
    /// Forgets `topic`, events and number, for a topic nobody will follow again, such as
    /// a game that was never joined.
    package func forget(_ topic: Topic) async throws {
        if !sql.isSQLite { try await sql.delete(from: "topic_sequences").where("topic", .equal, topic.description).run() }
        try await forgetInEveryProcess(.topic(topic))
    }

    /// Drops the events kept of `topic` so far but keeps its numbering: a client that
    /// resumes from before now is answered with a snapshot, which shows only what is still
    /// there. For what must never be served again, such as a deleted message's text.
    package func forgetHistory(of topic: Topic) async throws {
        try await forgetInEveryProcess(.events(of: topic))
    }

    /// Drops every kept event that names `user` (ids travel in lower case), on every
    /// topic: the account is being deleted, and resuming must not bring back its name,
    /// picture or words. Those topics' resumes become snapshots.
    package func forgetEvents(naming user: UUID) async throws {
        try await forgetInEveryProcess(.eventsNaming(user))
    }

    private func forgetInEveryProcess(_ forgetting: TopicHistory.Forgetting) async throws {
        guard sql.isSQLite else {
            return try await Self.announced.on(sql, PostgresEventRelay.channel, ForgettingAnnouncement.text(forgetting)).run()
        }
        let history = context.history
        afterCommit { history.forget(forgetting) }
    }

    private static let announced = FixedStatement("SELECT pg_notify($1, $2)")
}
