/// What a domain does, in the same transaction, after any change that logged events it
/// cares about: how one domain follows another's changes without that one knowing it
/// (presence follows the games that start and end). The composition root hands the writer
/// the reactions in the order they run, and each says which events it is given.
package struct ChangeReaction: Sendable {
    /// The events a reaction is given.
    package enum Sees: Sendable {
        /// Only those the change itself logged, whatever the reactions before it logged.
        case theChange
        /// Those the change logged and those the reactions that ran before it logged.
        case theChangeAndEarlierReactions
    }

    package let name: String
    package let sees: Sees
    package let react: @Sendable (_ change: Change, _ logged: [LoggedEvent]) async throws -> Void

    package init(
        _ name: String, sees: Sees,
        react: @escaping @Sendable (_ change: Change, _ logged: [LoggedEvent]) async throws -> Void
    ) {
        self.name = name
        self.sees = sees
        self.react = react
    }
}
