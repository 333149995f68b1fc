import OXOProtocol

extension PlayerSummary {
    /// The name the terminal shows: the username, and "[bot]" after a computer player's,
    /// wherever the name appears, as the web client marks it.
    var shownName: String { bot ? "\(username) [bot]" : username }
}
