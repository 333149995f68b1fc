import Foundation
import NIOConcurrencyHelpers

/// A budget of requests per client address: a bucket that holds up to `burst` and fills
/// again at `burst / 10` a second, so a page that loads its files at once passes and a
/// client that asks without pause is held to a tenth of the burst each second. Each
/// request costs O(1), whatever the limit, unlike `RateLimiter`'s window of attempts,
/// so the limit can be raised without making every request slower. Full buckets are
/// swept away every ten seconds: what it holds is bounded by the addresses of that time.
package final class AddressBudget: Sendable {
    let burst: Double
    private let clock: ServerClock
    private let state: NIOLockedValueBox<(buckets: [String: Bucket], swept: Date)>

    private struct Bucket {
        var left: Double
        var at: Date
    }

    package init(burst: Int, clock: ServerClock) {
        self.burst = Double(burst)
        self.clock = clock
        state = NIOLockedValueBox(([:], clock.now))
    }

    private var perSecond: Double { burst / 10 }

    /// How many addresses it holds a bucket for.
    var addressCount: Int { state.withLockedValue { $0.buckets.count } }

    /// Spends one request of `address`'s, or throws `rate_limited` with the seconds until
    /// one is there again.
    func spend(_ address: String) throws(TooManyAttempts) {
        let now = clock.now
        let wait = state.withLockedValue { state -> TimeInterval? in
            if now.timeIntervalSince(state.swept) >= 10 {
                state.buckets = state.buckets.filter { refilled($0.value, at: now) < burst }
                state.swept = now
            }
            var left = state.buckets[address].map { refilled($0, at: now) } ?? burst
            guard left >= 1 else { return (1 - left) / perSecond }
            left -= 1
            state.buckets[address] = Bucket(left: left, at: now)
            return nil
        }
        if let wait {
            throw TooManyAttempts(retryAfter: wait, "Too many requests from your address")
        }
    }

    private func refilled(_ bucket: Bucket, at now: Date) -> Double {
        min(burst, bucket.left + max(0, now.timeIntervalSince(bucket.at)) * perSecond)
    }
}
