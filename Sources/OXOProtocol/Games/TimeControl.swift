import Foundation
import TicTacToe

/// How fast a game is played, chosen when it is made and kept by its rematch.
///
/// - `casual`: no clock; a player who leaves is away, the opponent may claim after the
///   grace period (the rules of every game before time controls).
/// - `clock`: each side has `initial_seconds`, and gains `increment_seconds` after each of
///   its moves; the side whose clock reaches zero loses (a draw if the opponent cannot win).
/// - `correspondence`: `days_per_move` for each move; leaving is fine, and the side to move
///   loses when the days run out.
public struct TimeControl: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
        case casual, clock, correspondence
    }

    public let kind: Kind
    public let initialSeconds: Int?
    public let incrementSeconds: Int?
    public let daysPerMove: Int?

    public init(kind: Kind, initialSeconds: Int? = nil, incrementSeconds: Int? = nil, daysPerMove: Int? = nil) {
        self.kind = kind
        self.initialSeconds = initialSeconds
        self.incrementSeconds = incrementSeconds
        self.daysPerMove = daysPerMove
    }

    public static let casual = TimeControl(kind: .casual)

    /// A clock of `minutes` for each side and `increment` seconds a move: `.clock(minutes: 3, increment: 2)` is 3+2.
    public static func clock(minutes: Int, increment: Int) -> TimeControl {
        TimeControl(kind: .clock, initialSeconds: minutes * 60, incrementSeconds: increment)
    }

    public static func correspondence(days: Int) -> TimeControl {
        TimeControl(kind: .correspondence, daysPerMove: days)
    }

    /// Which ratings a game of this control counts in.
    public var pace: Pace { kind == .correspondence ? .correspondence : .realTime }

    /// The presets the clients offer; a custom clock may be anything within the bounds below.
    public static let clockPresets: [TimeControl] = [
        .clock(minutes: 1, increment: 0), .clock(minutes: 1, increment: 1),
        .clock(minutes: 3, increment: 2), .clock(minutes: 5, increment: 0),
    ]
    /// A custom clock's initial time: 30 seconds to 60 minutes.
    public static let initialSecondsRange = 30...3600
    /// A custom clock's increment: 0 to 60 seconds.
    public static let incrementSecondsRange = 0...60
    /// The days a correspondence move may take.
    public static let correspondenceDays = [1, 3, 7, 14]
}

/// The two sets of ratings: games played in one sitting (casual and clocked) and
/// correspondence games.
public enum Pace: String, Codable, Hashable, Sendable, CaseIterable {
    case realTime = "real_time"
    case correspondence
}

/// Both clocks of a clocked game, as the server measured them at `measured_at`: a client
/// counts the running side's time down from there on its own.
public struct GameClock: Codable, Hashable, Sendable {
    /// X's time left, in milliseconds, at `measured_at`.
    public let xMs: Int
    /// O's time left, in milliseconds, at `measured_at`.
    public let oMs: Int
    public let measuredAt: Date
    /// The side whose clock runs; nil once the game is over.
    public let running: Mark?

    public init(xMs: Int, oMs: Int, measuredAt: Date, running: Mark?) {
        self.xMs = xMs
        self.oMs = oMs
        self.measuredAt = measuredAt
        self.running = running
    }

    /// The time left of `mark`, in milliseconds, at `measured_at`.
    public func milliseconds(of mark: Mark) -> Int { mark == .x ? xMs : oMs }
}
