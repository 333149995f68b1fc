import Foundation
import OXOCore
import OXOProtocol
import OXOSocial
import Vapor

/// The clock of `oxo serve --test-clock`: it stands still where it starts and moves only
/// when the operator says (`POST /v1/admin/clock`), so that a test of the whole binary (a
/// browser's) can run a clock out or pass a correspondence deadline without waiting for
/// it. The in-process tests hand their `ManualClock` to the configuration; this is that
/// seam for a server started from the command line. For tests only: such a server keeps no
/// time of its own.
public struct TestClock: Sendable {
    let manual: ManualClock

    /// A clock standing at `start`.
    public init(standingAt start: Date) {
        self.init(ManualClock(start))
    }

    /// The test clock that moves `manual` (an in-process test's own).
    init(_ manual: ManualClock) {
        self.manual = manual
    }

    public var clock: ServerClock { manual.clock }
}

extension Application {
    private struct TestClockKey: StorageKey {
        typealias Value = TestClock
    }

    /// The clock `--test-clock` made; nil for a server that keeps real time.
    var testClock: TestClock? {
        get { storage[TestClockKey.self] }
        set { storage[TestClockKey.self] = newValue }
    }
}

/// `POST /v1/admin/clock` `{"advance_seconds": N}`, with the admin token: moves the test
/// clock on by N seconds (the timers whose moment it passes run at once) and answers where
/// it stands; `not_found` on a server that keeps real time.
struct TestClockRoute {
    /// At most 30 days a step: past a correspondence game's longest move (14 days).
    static let longestStep: Double = 30 * 24 * 3600

    func register(_ app: Application) {
        let admin = app.grouped(AdminAuthentication(token: app.oxo.configuration.adminToken))
        admin.on(Operations.advanceTestClock) { request in
            guard let clock = request.application.testClock else {
                throw APIError(.notFound, "This server keeps real time; only one started with --test-clock moves its clock.")
            }
            let body = try await request.decode(AdvanceClockRequest.self)
            guard body.advanceSeconds > 0, body.advanceSeconds <= Self.longestStep else {
                throw APIError(.invalidRequest, "'advance_seconds' must be more than 0 and at most 2592000 (30 days).")
            }
            clock.manual.advance(by: body.advanceSeconds)
            return Reply(ServerTime(now: clock.clock.now))
        }
    }
}
