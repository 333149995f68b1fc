import OXOAccounts
import OXOCore

/// The statement that stores a notification, asking in the same statement whether it is
/// refused: "your turn" runs it after nearly every move. Written once for each of its six
/// shapes (`FixedStatement`). Its values are `$1`–`$9`, the row in the order of
/// `NotificationQueries.columns`; the conditions use them again: `$2` the user, `$3` the
/// kind, `$4` the actor, `$5` the game. On PostgreSQL the select list's values take the
/// types of the columns they are inserted into.
enum NotificationInsert {
    /// The unread notification of the same kind that holds a new one back.
    enum HeldBack: CaseIterable {
        /// About the same game ("your turn" once a game).
        case sameGame
        /// From the same actor, naming no game (a message once a conversation).
        case sameActor

        var condition: String {
            let (column, value) = self == .sameGame ? ("game_id", "$5") : ("actor_id", "$4")
            return "EXISTS (SELECT 1 FROM notifications WHERE user_id = $2 AND \(column) = \(value) AND kind = $3 AND NOT read)"
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

    /// Refused when the user muted the kind, or one of user and actor blocked the other.
    private static func make(actor: Bool, heldBack: HeldBack?) -> FixedStatement {
        var skip = "EXISTS (SELECT 1 FROM notification_mutes WHERE user_id = $2 AND kind = $3)"
        if actor { skip += " OR " + Blocks.exists(between: "$2", "$4") }
        if let heldBack { skip += " OR " + heldBack.condition }
        let columns = NotificationQueries.columns
        return FixedStatement("""
            INSERT INTO notifications (\(columns.joined(separator: ", ")))
            SELECT \(columns.indices.map { "$\($0 + 1)" }.joined(separator: ", ")) WHERE NOT (\(skip)) RETURNING id
            """)
    }
}
