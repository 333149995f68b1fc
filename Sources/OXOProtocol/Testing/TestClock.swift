import Foundation

/// `POST /v1/admin/clock`: moves a server's test clock on (`oxo serve --test-clock`).
public struct AdvanceClockRequest: Codable, Hashable, Sendable {
    public let advanceSeconds: Double

    public init(advanceSeconds: Double) {
        self.advanceSeconds = advanceSeconds
    }
}

/// Where a server's test clock stands.
public struct ServerTime: Codable, Hashable, Sendable {
    public let now: Date

    public init(now: Date) {
        self.now = now
    }
}
