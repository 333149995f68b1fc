import OXOProtocol
import SQLKit

/// How a time control is kept in the four columns of every table that holds one (`games`,
/// `challenges`, *Play random*'s `match_queue`): `time_control` null for casual, else the
/// kind, with its numbers in `clock_initial`, `clock_increment` and `days_per_move`.
enum TimeControlColumns {
    static let names = ["time_control", "clock_initial", "clock_increment", "days_per_move"]

    /// The columns' values for `control`, in the order of `names`.
    static func values(of control: TimeControl) -> [any SQLExpression] {
        guard control.kind != .casual else { return names.map { _ in SQLLiteral.null } }
        return bound(control).map { SQLBind($0) }
    }

    /// The same values, to bind to a `FixedStatement`: nulls for casual.
    static func bound(_ control: TimeControl) -> [any Encodable & Sendable] {
        guard control.kind != .casual else { return [String?.none, Int?.none, Int?.none, Int?.none] }
        return [control.kind.rawValue, control.initialSeconds, control.incrementSeconds, control.daysPerMove]
    }

    /// A condition that holds for a row whose control is `control` (as `GameRules.timeControl`
    /// gives it: only the numbers of its kind, the increment never left out).
    static func matching(_ control: TimeControl) -> SQLQueryString {
        switch control.kind {
        case .casual:
            "time_control IS NULL"
        case .clock:
            "time_control = \(bind: control.kind.rawValue) AND clock_initial = \(bind: control.initialSeconds ?? 0) AND clock_increment = \(bind: control.incrementSeconds ?? 0)"
        case .correspondence:
            "time_control = \(bind: control.kind.rawValue) AND days_per_move = \(bind: control.daysPerMove ?? 0)"
        }
    }

    /// The control a row holds in these columns.
    static func read(_ row: some SQLRow) throws -> TimeControl {
        guard let kind = try row.decode(column: "time_control", as: String?.self).flatMap(TimeControl.Kind.init(rawValue:)) else {
            return .casual
        }
        return TimeControl(kind: kind, initialSeconds: try row.decode(column: "clock_initial", as: Int?.self),
                           incrementSeconds: try row.decode(column: "clock_increment", as: Int?.self),
                           daysPerMove: try row.decode(column: "days_per_move", as: Int?.self))
    }
}
