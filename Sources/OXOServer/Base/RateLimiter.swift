import Foundation
import NIOConcurrencyHelpers
import OXOProtocol

/// Counts attempts per key in a sliding window and refuses those over the limit. It
/// lives in one process: with several processes each allows the limit, which still
/// bounds guessing, the thing it is for.
final class RateLimiter: Sendable {
    let limit: Int
    let window: TimeInterval
    private let clock: ServerClock
    private let attempts = NIOLockedValueBox<[String: [Date]]>([:])

    init(limit: Int, window: TimeInterval, clock: ServerClock) {
        self.limit = limit
        self.window = window
        self.clock = clock
    }

    /// Records an attempt for `key`, or throws `rate_limited` when the window is full.
    func record(_ key: String) throws(APIError) {
        let now = clock.now
        let allowed = attempts.withLockedValue { attempts in
            var recent = attempts[key, default: []].filter { now.timeIntervalSince($0) < window }
            defer { attempts[key] = recent.isEmpty ? nil : recent }
            guard recent.count < limit else { return false }
            recent.append(now)
            return true
        }
        guard allowed else {
            throw APIError(.rateLimited, "Too many attempts; try again in \(Int(window / 60)) minutes.")
        }
    }

    /// Forgets `key`'s attempts, after a success.
    func reset(_ key: String) {
        _ = attempts.withLockedValue { $0.removeValue(forKey: key) }
    }
}
