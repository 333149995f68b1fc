import Foundation
import NIOConcurrencyHelpers

/// The one source of the current time in the server, so that expiry and timers can be
/// tested by moving a clock rather than by waiting.
public struct ServerClock: Sendable {
    private let read: @Sendable () -> Date

    public init(_ read: @escaping @Sendable () -> Date) { self.read = read }

    public var now: Date { read() }

    public static let system = ServerClock { Date() }
}

/// A clock that stands still until a test moves it.
public final class ManualClock: Sendable {
    private let current: NIOLockedValueBox<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = NIOLockedValueBox(start)
    }

    public func advance(by interval: TimeInterval) {
        current.withLockedValue { $0 += interval }
    }

    public var clock: ServerClock {
        ServerClock { [current] in current.withLockedValue { $0 } }
    }
}
