import Foundation
import OXOProtocol
import TicTacToe

/// The decisions about time: which controls a game may have, what both clocks and the
/// deadline become when a game starts, after a move and when it ends, whether a move
/// came in time, and who wins when time runs out. Pure, like the rest of `GameRules`.
///
/// A clocked game's clock starts with the game: X's time runs from the moment both seats
/// are taken. Each turn's time is measured from the commit of the move before it (or the
/// start) to the commit of this one, both read from the server's clock.
extension GameRules {
    /// The timing columns of a game: both clocks when the turn began, when it began, when
    /// the side to move runs out, and when a correspondence player is to be reminded.
    struct Timing: Equatable {
        var xMs: Int?
        var oMs: Int?
        var turnStartedAt: Date?
        var deadline: Date?
        var remindAt: Date?
    }

    /// A reminder goes when a quarter of a correspondence move's time is left.
    static let reminderShare = 0.75

    /// The control a new game gets; refuses one outside the kinds and bounds offered.
    /// A game with a bot has a clock: with none, or days a move, an opponent who never
    /// moves would hold the bot (which plays a few games at a time) for as long as they liked.
    static func requireClock(_ control: TimeControl, withBot: Bool) throws(APIError) {
        guard withBot, control.kind != .clock else { return }
        throw APIError(.invalidTimeControl, "A bot plays only games with a clock (1+0, 3+2 or another), so that no game holds it for long.")
    }

    static func timeControl(_ requested: TimeControl?, for mode: GameMode) throws(APIError) -> TimeControl {
        let control = requested ?? .casual
        switch control.kind {
        case .casual:
            return .casual
        case .clock:
            let increment = control.incrementSeconds ?? 0
            guard let initial = control.initialSeconds, TimeControl.initialSecondsRange.contains(initial),
                  TimeControl.incrementSecondsRange.contains(increment)
            else {
                throw APIError(.invalidTimeControl, "A clock has 'initial_seconds' from 30 to 3600 and 'increment_seconds' from 0 to 60.")
            }
            try requireTwoPeople(mode)
            return TimeControl(kind: .clock, initialSeconds: initial, incrementSeconds: increment)
        case .correspondence:
            guard let days = control.daysPerMove, TimeControl.correspondenceDays.contains(days) else {
                throw APIError(.invalidTimeControl, "A correspondence game has 'days_per_move' of 1, 3, 7 or 14.")
            }
            try requireTwoPeople(mode)
            return .correspondence(days: days)
        }
    }

    private static func requireTwoPeople(_ mode: GameMode) throws(APIError) {
        guard mode == .online else {
            throw APIError(.invalidTimeControl, "Clocks and correspondence are for games between two people.")
        }
    }

    /// The timing of a game that starts at `now`; nil columns for a casual game.
    static func timingAtStart(_ control: TimeControl, at now: Date) -> Timing {
        switch control.kind {
        case .casual:
            return Timing()
        case .clock:
            let ms = (control.initialSeconds ?? 0) * 1000
            return Timing(xMs: ms, oMs: ms, turnStartedAt: now, deadline: now.addingMilliseconds(ms))
        case .correspondence:
            return correspondenceTurn(control, from: now)
        }
    }

    /// The timing after `mark` moved at `now`; with no deadline when the move ended the game.
    static func timing(after mark: Mark, in row: GameRow, at now: Date, gameGoesOn: Bool) -> Timing {
        let control = row.timeControl
        switch control.kind {
        case .casual:
            return Timing()
        case .correspondence:
            return gameGoesOn ? correspondenceTurn(control, from: now) : Timing(turnStartedAt: now)
        case .clock:
            var timing = stopped(row, running: mark, at: now)
            let increment = (control.incrementSeconds ?? 0) * 1000
            if mark == .x { timing.xMs? += increment } else { timing.oMs? += increment }
            if gameGoesOn { timing.deadline = now.addingMilliseconds((mark == .x ? timing.oMs : timing.xMs) ?? 0) }
            return timing
        }
    }

    /// Both clocks stopped at `now`, the `running` side charged the time its turn took
    /// (never below zero): for a game that ends other than by a move.
    static func stopped(_ row: GameRow, running: Mark?, at now: Date) -> Timing {
        guard row.timeControl.kind != .casual, let started = row.turnStartedAt else { return Timing() }
        var timing = Timing(xMs: row.xMs, oMs: row.oMs, turnStartedAt: now)
        guard row.timeControl.kind == .clock, let running else { return timing }
        let spent = max(0, Int((now.timeIntervalSince(started) * 1000).rounded()))
        let left = max(0, row.milliseconds(of: running) - spent)
        if running == .x { timing.xMs = left } else { timing.oMs = left }
        return timing
    }

    private static func correspondenceTurn(_ control: TimeControl, from now: Date) -> Timing {
        let seconds = TimeInterval((control.daysPerMove ?? 1) * 86_400)
        return Timing(turnStartedAt: now, deadline: now.addingTimeInterval(seconds),
                      remindAt: now.addingTimeInterval(seconds * reminderShare))
    }

    /// Refuses a move that comes once the mover's time has run out: the game is lost on
    /// time, whether or not the timer has ended it yet.
    static func requireTime(_ row: GameRow, at now: Date) throws(APIError) {
        guard let deadline = row.deadlineAt, now >= deadline else { return }
        throw APIError(.outOfTime, "Your time ran out at \(deadline); the game is lost on time.")
    }

    /// The winner when the side to move runs out of time: the other side, unless it could
    /// no longer make a line (`VariantGame.couldStillWin`), in which case nobody.
    static func timeout(_ state: VariantGame) -> Mark? {
        guard let flagged = state.turn else { return nil }
        return state.couldStillWin(flagged.opponent) ? flagged.opponent : nil
    }
}

extension Date {
    func addingMilliseconds(_ ms: Int) -> Date { addingTimeInterval(TimeInterval(ms) / 1000) }
}
