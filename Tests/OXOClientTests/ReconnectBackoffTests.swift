import Testing
@testable import OXOClient

@Suite struct ReconnectBackoffTests {
    let backoff = ReconnectBackoff(initial: .milliseconds(250), maximum: .seconds(10))

    @Test func theDelayDoublesWithEachFailedAttemptUpToTheMaximum() {
        let delays = (1...8).map { backoff.delay(beforeAttempt: $0, jitter: 1) }
        #expect(delays == [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2),
                           .seconds(4), .seconds(8), .seconds(10), .seconds(10)])
    }

    @Test func jitterWaitsBetweenHalfTheDelayAndAllOfIt() {
        #expect(backoff.delay(beforeAttempt: 3, jitter: 0) == .milliseconds(500))
        #expect(backoff.delay(beforeAttempt: 3, jitter: 0.5) == .milliseconds(750))
        #expect(backoff.delay(beforeAttempt: 3, jitter: 7) == .seconds(1))
    }

    @Test func aVeryLongOutageStaysAtTheMaximum() {
        #expect(backoff.delay(beforeAttempt: 10_000, jitter: 1) == .seconds(10))
    }
}
