import Foundation
import NIOConcurrencyHelpers
import OXOProtocol

/// Counts attempts per key in a sliding window and refuses those over the limit. It
/// lives in one process: with several processes each allows the limit, which still
/// bounds guessing, the thing it is for. Keys are client addresses and logins that
/// anyone can make up, so once a window the keys with no attempt left in it are swept
/// away: what it holds is bounded by the attempts of one window.
package final class RateLimiter: Sendable {
    let limit: Int
    let window: TimeInterval
    private let clock: ServerClock
    /// What a refusal says, before when to try again.
    private let refusal: String
    /// The limit's name in the metrics of refusals (`oxo_rate_limited_total{kind=…}`).
    private let kind: String
    private let state: NIOLockedValueBox<(attempts: [String: [Date]], swept: Date)>

    package init(kind: String, limit: Int, window: TimeInterval, clock: ServerClock, refusal: String = "Too many attempts") {
        self.kind = kind
        self.limit = limit
        self.window = window
        self.clock = clock
        self.refusal = refusal
        state = NIOLockedValueBox(([:], clock.now))
    }

    /// How many keys it holds attempts for.
    var keyCount: Int { state.withLockedValue { $0.attempts.count } }

    /// Records an attempt for `key`, or throws `rate_limited` with the time until the
    /// oldest attempt leaves the window when the window is full.
    package func record(_ key: String) throws(TooManyAttempts) {
        let now = clock.now
        let oldest = state.withLockedValue { state -> Date? in
            if now.timeIntervalSince(state.swept) >= window {
                state.attempts = state.attempts.filter { now.timeIntervalSince($0.value.last!) < window }
                state.swept = now
            }
            var recent = state.attempts[key, default: []].filter { now.timeIntervalSince($0) < window }
            defer { state.attempts[key] = recent.isEmpty ? nil : recent }
            guard recent.count < limit else { return recent.first }
            recent.append(now)
            return nil
        }
        if let oldest {
            ServerMetrics.rateLimited(kind)
            throw TooManyAttempts(retryAfter: window - now.timeIntervalSince(oldest), refusal)
        }
    }

    /// Throws `rate_limited` as `record(_:)` would, without counting an attempt: a route
    /// asks before work that costs the server (reading a 2 MB body) whether the attempt
    /// it is about to record could be let through at all.
    package func checkRoom(for key: String) throws(TooManyAttempts) {
        let now = clock.now
        let oldest = state.withLockedValue { state -> Date? in
            let recent = state.attempts[key, default: []].filter { now.timeIntervalSince($0) < window }
            return recent.count < limit ? nil : recent.first
        }
        if let oldest {
            ServerMetrics.rateLimited(kind)
            throw TooManyAttempts(retryAfter: window - now.timeIntervalSince(oldest), refusal)
        }
    }

    /// Forgets `key`'s attempts, after a success.
    package func reset(_ key: String) {
        _ = state.withLockedValue { $0.attempts.removeValue(forKey: key) }
    }
}

/// A refusal for going too fast: `rate_limited`, with how long to wait, which REST
/// sends as `Retry-After`.
package struct TooManyAttempts: Error {
    package let error: APIError
    let retryAfter: TimeInterval

    /// `reason` is followed by when to try again, in words.
    package init(retryAfter: TimeInterval, _ reason: String) {
        self.retryAfter = max(1, retryAfter.rounded(.up))
        let wait = self.retryAfter < 120 ? "\(Int(self.retryAfter)) seconds" : "\(Int((self.retryAfter / 60).rounded(.up))) minutes"
        error = APIError(.rateLimited, "\(reason); try again in \(wait).")
    }
}
