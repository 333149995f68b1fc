import OXOProtocol

/// Rows a change may take as stored instead of reading them, each kept under the topic
/// whose events tell of its changes (a game's row under its game's topic). Two keep them:
/// SQLite's writer between its changes (`LiveRows`), and PostgreSQL's group for its one
/// transaction (`TransactionRows`). Both keep the same rules, which `Change` applies: a
/// change that logs an event on a topic drops its row (the event says it changed), and
/// the change that wrote a row last keeps it again after logging.
package protocol KeptRows: Sendable {
    /// The row kept under `topic`, if one of that type is.
    func row<Row: Sendable>(_ topic: Topic, as type: Row.Type) -> Row?
    /// Keeps `row` as stored by the running change, under `topic`.
    func keep(_ row: some Sendable, under topic: Topic)
    /// Drops the rows kept under `topics`.
    func forget(_ topics: [Topic])
    /// Drops every row: for what rows carry without an event on their topics (a player's
    /// new name, which a game's row holds).
    func forgetAll()
}
