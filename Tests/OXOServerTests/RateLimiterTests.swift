import Foundation
@testable import OXOCore
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer
import Testing

@Suite("Rate limits count attempts in a window and forget the keys they no longer need")
struct RateLimiterTests {
    @Test func attemptsOverTheLimitAreRefusedUntilTheWindowMovesOn() throws {
        let time = ManualClock()
        let limiter = RateLimiter(kind: "test", limit: 3, window: 60, clock: time.clock)
        for _ in 0..<3 { try limiter.record("10.0.0.1") }
        #expect(throws: TooManyAttempts.self) { try limiter.record("10.0.0.1") }
        try limiter.record("10.0.0.2")
        time.advance(by: 60)
        try limiter.record("10.0.0.1")
    }

    @Test func keysWithNoAttemptInTheWindowAreSweptAway() throws {
        let time = ManualClock()
        let limiter = RateLimiter(kind: "test", limit: 10, window: 60, clock: time.clock)
        // A client that makes up a new address or login for every attempt.
        for number in 0..<10_000 { try limiter.record("made-up-\(number)") }
        #expect(limiter.keyCount == 10_000)
        time.advance(by: 30)
        try limiter.record("recent")
        time.advance(by: 30)
        try limiter.record("now")
        #expect(limiter.keyCount == 2, "only the keys with attempts in the last minute are kept")
    }
}
