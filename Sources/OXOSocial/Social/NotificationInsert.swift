import OXOAccounts
import OXOCore

/// The statement that stores a notification, asking in the same statement whether it is
/// refused (a message asks it for nearly every one it sends). Written once for each of its four
/// shapes (`FixedStatement`). Its values are `$1`–`$9`, the row in the order of
/// `NotificationQueries.columns`; the conditions use them again: `$2` the user, `$3` the
/// kind, `$4` the actor, `$5` the game. On PostgreSQL the select list's values take the
/// types of the columns they are inserted into. A push asks the same refusal on its own
/// (`pushRefused`), since "once until read" does not hold a push back.
enum NotificationInsert {
    /// The unread notification of the same kind that holds a new one back.
    enum HeldBack: CaseIterable {
        /// From the same actor (a message once a conversation).
        case sameActor

        var condition: String {
            "EXISTS (SELECT 1 FROM notifications WHERE user_id = $2 AND actor_id = $4 AND kind = $3 AND NOT read)"
        }
    }

    static func statement(actor: Bool, heldBack: HeldBack?) -> FixedStatement {
        statements[Shape(actor: actor, heldBack: heldBack)]!
    }

    private struct Shape: Hashable {
        let actor: Bool
        let heldBack: HeldBack?
    }

    private static let statements = Dictionary(uniqueKeysWithValues: [false, true].flatMap { actor in
        ([nil] + HeldBack.allCases.map(Optional.some)).map { heldBack in
            (Shape(actor: actor, heldBack: heldBack), make(actor: actor, heldBack: heldBack))
        }
    })

    /// Whether the user muted the kind or one of user and actor blocked the other, asked
    /// before a push: `$1` the user, `$2` the kind, `$3` the actor.
    static let pushRefused = FixedStatement("SELECT 1 AS refused WHERE \(refusal(user: "$1", kind: "$2", actor: "$3"))")

    private static func make(actor: Bool, heldBack: HeldBack?) -> FixedStatement {
        var skip = refusal(user: "$2", kind: "$3", actor: actor ? "$4" : nil)
        if let heldBack { skip += " OR " + heldBack.condition }
        let columns = NotificationQueries.columns
        return FixedStatement("""
            INSERT INTO notifications (\(columns.joined(separator: ", ")))
            SELECT \(columns.indices.map { "$\($0 + 1)" }.joined(separator: ", ")) WHERE NOT (\(skip)) RETURNING id
            """)
    }

    /// Refused when the user muted the kind, or one of user and actor (when there is one)
    /// blocked the other; the arguments are the statement's placeholders for them.
    private static func refusal(user: String, kind: String, actor: String?) -> String {
        let muted = "EXISTS (SELECT 1 FROM notification_mutes WHERE user_id = \(user) AND kind = \(kind))"
        return actor.map { muted + " OR " + Blocks.exists(between: user, $0) } ?? muted
    }
}
