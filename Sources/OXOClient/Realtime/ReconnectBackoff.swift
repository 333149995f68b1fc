/// How long to wait before each reconnect attempt: doubling from `initial` up to `maximum`,
/// with jitter so that the clients of a restarting server do not all return at once.
struct ReconnectBackoff: Hashable, Sendable {
    let initial: Duration
    let maximum: Duration

    /// `attempt` counts from 1. `jitter` (0...1) picks a point between half the delay and all of it.
    func delay(beforeAttempt attempt: Int, jitter: Double) -> Duration {
        // 2^20 times any sensible initial delay is far past any sensible maximum.
        let doubled = initial * (1 << min(max(attempt - 1, 0), 20))
        return min(doubled, maximum) * (0.5 + 0.5 * min(max(jitter, 0), 1))
    }
}
