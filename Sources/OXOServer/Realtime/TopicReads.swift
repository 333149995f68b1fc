import OXOCore
import OXOPlay
import OXOProtocol

/// What a socket or a stream reads of a topic when it starts following it: its last number
/// and, past what can be resumed, its snapshot, as `user` may see them.
struct TopicReads {
    let store: Store
    let user: UserID

    /// The topic's last number and, for a game's topic, the game's row, read so that they
    /// agree; a private game is refused to anyone but its players.
    func read(_ topic: Topic) async throws -> TopicRead {
        // A private tournament is followed only by those who may see it, resuming or not.
        if case .tournament(let id) = topic { _ = try await store.reads.tournaments.visibleView(id, to: user.rawValue) }
        guard case .game(let id) = topic else { return TopicRead(seq: try await store.topicSeq(of: topic), game: nil) }
        let (row, seq) = try await store.read(topic) { try await store.reads.games.row(id) }
        try GameRules.reveal(row, to: user)
        return TopicRead(seq: seq, game: row)
    }

    /// Whether a client that had `after` of a topic is sent the events up to `last` rather
    /// than a snapshot: it had a number, not past the topic's, and at most `limit` behind.
    static func resumes(after: Int?, through last: Int, limit: Int) -> Bool {
        guard let after else { return false }
        return after <= last && last - after <= limit
    }

    /// The topic's snapshot; a game's from the row read with the topic's number, when it was.
    func snapshot(of topic: Topic, game: GameRow?) async throws -> TopicSnapshot {
        let snapshots = Snapshots(database: store.sql)
        if let game { return try await snapshots.snapshot(of: game, kept: store.context[LiveGames.self]) }
        return try await snapshots.snapshot(of: topic, for: user)
    }
}
