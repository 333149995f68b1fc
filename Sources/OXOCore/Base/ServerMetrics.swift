import Metrics
import NIOConcurrencyHelpers

/// What the server measures of itself, through swift-metrics: `oxo serve` bootstraps it with
/// Prometheus and serves the text at `/metrics`; a process that bootstraps nothing records
/// into swift-metrics' no-op backend. Every name is here, once, so docs/OPERATIONS.md can
/// list them all; each handle is made when it is used, which the backend answers from its
/// own table of metrics by name and labels, but those every move counts are kept (`HotHandles`).
package enum ServerMetrics {
    /// Moves that committed (counted after the commit, never for a rollback).
    package static func moveCommitted() {
        if let hot = hot.withLockedValue({ $0 }) { return hot.movesCommitted.increment() }
        Counter(label: "oxo_moves_committed_total").increment()
    }

    /// A group of changes that committed in one transaction: how many, and how long from
    /// its first statement to its commit. On PostgreSQL every change is its own group.
    static func committed(changes: Int, took duration: Duration) {
        if let hot = hot.withLockedValue({ $0 }) {
            hot.groupSize.record(changes)
            return hot.commitDuration.record(duration: duration)
        }
        Recorder(label: "oxo_commit_group_size").record(changes)
        Timer(label: "oxo_commit_duration_seconds").record(duration: duration)
    }

    /// Changes waiting for a transaction (SQLite's writer or PostgreSQL's groups), read as each group starts.
    static func writeQueue(depth: Int) {
        if let hot = hot.withLockedValue({ $0 }) { return hot.writeQueue.record(depth) }
        Gauge(label: "oxo_write_queue_depth").record(depth)
    }

    /// The handles of what every move counts, made once the backend is installed
    /// (`backendInstalled`): a handle made each time costs its object, its labels and the
    /// backend's look-up by name and labels, several times a move. Made before, they would
    /// keep swift-metrics' no-op backend for good, so until then each is made when used.
    private struct HotHandles: Sendable {
        let movesCommitted = Counter(label: "oxo_moves_committed_total")
        let groupSize = Recorder(label: "oxo_commit_group_size")
        let commitDuration = Timer(label: "oxo_commit_duration_seconds")
        let writeQueue = Gauge(label: "oxo_write_queue_depth")
        let published = Counter(label: "oxo_events_published_total")
        let messagesIn = Counter(label: "oxo_socket_messages_total", dimensions: [("direction", Direction.received.rawValue)])
        let messagesOut = Counter(label: "oxo_socket_messages_total", dimensions: [("direction", Direction.sent.rawValue)])
    }

    private static let hot = NIOLockedValueBox<HotHandles?>(nil)

    /// Called once swift-metrics has its backend.
    package static func backendInstalled() {
        hot.withLockedValue { $0 = HotHandles() }
    }

    /// The PostgreSQL pool's connections: open, busy, and the most it opens (`DatabasePoolUse`).
    static func databasePool(open: Int, busy: Int, size: Int) {
        Gauge(label: "oxo_database_connections", dimensions: [("state", "open")]).record(open)
        Gauge(label: "oxo_database_connections", dimensions: [("state", "busy")]).record(busy)
        Gauge(label: "oxo_database_connections_limit").record(size)
    }

    /// An event relayed from PostgreSQL (LISTEN/NOTIFY) to this process's sockets: seconds from
    /// the moment it was stored, just before its commit, to its hand-over here.
    static func fannedOut(after seconds: Double) {
        Timer(label: "oxo_event_fanout_delay_seconds").recordNanoseconds(Int64(max(seconds, 0) * 1e9))
    }

    static func published(events: Int) {
        if let hot = hot.withLockedValue({ $0 }) { return hot.published.increment(by: events) }
        Counter(label: "oxo_events_published_total").increment(by: events)
    }

    /// A request answered `503 database_unavailable`: the PostgreSQL connection failed under it.
    package static func databaseUnavailable() {
        Counter(label: "oxo_database_unavailable_total").increment()
    }

    /// The LISTEN connection of the relay was lost and is listening again (after a failover).
    static func relayResumed() {
        Counter(label: "oxo_event_relay_reconnects_total").increment()
    }

    /// Whether the primary waits for a synchronous standby at each commit
    /// (`synchronous_standby_names` is set), read at each scrape.
    static func synchronousStandby(_ waits: Bool) {
        Gauge(label: "oxo_database_synchronous_standby").record(waits ? 1 : 0)
    }

    /// Sockets open on this process: up by one when one opens, down when it closes.
    package static func socketOpened() { Meter(label: "oxo_sockets_open").increment() }
    package static func socketClosed() { Meter(label: "oxo_sockets_open").decrement() }

    package enum Direction: String, CaseIterable { case received = "in", sent = "out" }

    package static func socketMessage(_ direction: Direction, count: Int = 1) {
        if let hot = hot.withLockedValue({ $0 }) {
            return (direction == .received ? hot.messagesIn : hot.messagesOut).increment(by: count)
        }
        Counter(label: "oxo_socket_messages_total", dimensions: [("direction", direction.rawValue)]).increment(by: count)
    }

    package static func housekeepingRan(_ job: String) {
        Counter(label: "oxo_housekeeping_runs_total", dimensions: [("job", job)]).increment()
    }

    /// A request answered 4xx, by its error's stable code (`not_your_turn`, `unauthorized`…).
    package static func requestRefused(_ code: String) {
        Counter(label: "oxo_requests_refused_total", dimensions: [("code", code)]).increment()
    }

    /// A request or message refused `rate_limited`, by the limit that refused it.
    package static func rateLimited(_ kind: String) {
        Counter(label: "oxo_rate_limited_total", dimensions: [("kind", kind)]).increment()
    }

    package enum SignIn: String, CaseIterable { case succeeded, wrongPassword = "wrong_password", wrongSecondFactor = "wrong_second_factor", suspended }

    package static func signIn(_ result: SignIn) {
        Counter(label: "oxo_sign_ins_total", dimensions: [("result", result.rawValue)]).increment()
    }

    // Web Push.
    /// A push a push service accepted (201 or 202).
    package static func pushSent() {
        Counter(label: "oxo_pushes_sent_total").increment()
    }

    /// Pushes that will not be delivered, by why: `gone` (404 or 410: the subscription is
    /// deleted), `refused` (another 4xx), `gave_up` (429, 5xx or no answer, too many times),
    /// `queue_full` (dropped, the oldest, from a full queue).
    package enum PushFailure: String, CaseIterable { case gone, refused, gaveUp = "gave_up", queueFull = "queue_full" }

    package static func pushFailed(_ reason: PushFailure, count: Int = 1) {
        Counter(label: "oxo_pushes_failed_total", dimensions: [("reason", reason.rawValue)]).increment(by: count)
    }

    /// A push a push service did not take this time and that is tried again (429, 5xx, no answer).
    package static func pushRetried() {
        Counter(label: "oxo_push_retries_total").increment()
    }

    /// A PostgreSQL transaction aborted by a deadlock (40P01) or a serialisation failure
    /// (40001), and run again.
    static func transactionRetried(sqlState: String) {
        Counter(label: "oxo_transaction_retries_total", dimensions: [("sql_state", sqlState)]).increment()
    }
}
