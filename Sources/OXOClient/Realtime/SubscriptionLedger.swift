import OXOProtocol

/// What a realtime connection remembers about each topic it follows, so that after any
/// number of reconnects the consumer still sees every event once and in order.
///
/// A plain value without I/O: the connection asks it what to subscribe with and whether to
/// deliver each event and snapshot, and does what it says.
struct SubscriptionLedger: Hashable, Sendable {
    /// Where the consumer stands on one topic.
    enum Position: Hashable, Sendable {
        /// A snapshot must come first: the topic is newly followed, or an event went missing.
        case awaitingSnapshot
        /// Everything up to and including this sequence number has been delivered.
        case delivered(through: Int)
    }

    /// One `subscribe` to send: `after` is the last number delivered, nil to ask for a snapshot.
    struct Subscription: Hashable, Sendable {
        let topic: Topic
        let after: Int?
    }

    enum Verdict: Hashable, Sendable {
        case deliver
        /// Delivered before, covered by the snapshot still to come, or on a topic no longer followed.
        case drop
        /// An event is missing before this one: subscribe again without `after` for a snapshot.
        case resync
    }

    private(set) var positions: [Topic: Position] = [:]

    init(following topics: some Sequence<Topic>) {
        for topic in topics { positions[topic] = .awaitingSnapshot }
    }

    /// Starts following `topic`; false when it is followed already.
    mutating func follow(_ topic: Topic) -> Bool {
        guard positions[topic] == nil else { return false }
        positions[topic] = .awaitingSnapshot
        return true
    }

    /// Stops following `topic`; false when it was not followed.
    mutating func unfollow(_ topic: Topic) -> Bool {
        positions.removeValue(forKey: topic) != nil
    }

    /// The subscriptions that pick every topic up where the consumer left it, for a new socket.
    /// Sorted by topic so the order does not depend on hashing.
    var subscriptions: [Subscription] {
        positions
            .map { topic, position in
                switch position {
                case .awaitingSnapshot: Subscription(topic: topic, after: nil)
                case .delivered(let seq): Subscription(topic: topic, after: seq)
                }
            }
            .sorted { $0.topic.description < $1.topic.description }
    }

    mutating func receiveEvent(on topic: Topic, seq: Int) -> Verdict {
        switch positions[topic] {
        case nil, .awaitingSnapshot:
            return .drop
        case .delivered(let last) where seq <= last:
            return .drop
        case .delivered(let last) where seq == last + 1:
            positions[topic] = .delivered(through: seq)
            return .deliver
        case .delivered:
            positions[topic] = .awaitingSnapshot
            return .resync
        }
    }

    /// A snapshot replaces whatever came before, so it is delivered even when its number is
    /// not above the last one (the server's history was reset), and events continue from it.
    mutating func receiveSnapshot(on topic: Topic, seq: Int) -> Verdict {
        guard positions[topic] != nil else { return .drop }
        positions[topic] = .delivered(through: seq)
        return .deliver
    }
}
