import OXOProtocol

/// What a `RealtimeConnection` delivers: the topics' events and snapshots, each exactly once
/// and in order per topic across reconnects, and the changes of the connection's state.
public enum RealtimeUpdate: Hashable, Sendable {
    /// The socket is open and the server knows this client as `user`. Every followed topic
    /// is subscribed again from the last number delivered, so what was missed comes next.
    case connected(user: PlayerSummary)
    /// The socket dropped or could not open; attempt number `attempt` starts after `delay`.
    case reconnecting(attempt: Int, delay: Duration)
    case event(topic: Topic, seq: Int, event: TopicEvent)
    /// The whole state of a topic: first when a topic is followed, and again after missing
    /// more than the server keeps. Replace what you had; events continue from `seq`.
    case snapshot(topic: Topic, seq: Int, snapshot: TopicSnapshot)
    /// The server would not follow `topic` (an unknown game, another user's inbox), or has
    /// stopped (an unlisted game that started without this user), so it is no longer followed.
    case subscriptionRefused(topic: Topic, error: APIError)
}
