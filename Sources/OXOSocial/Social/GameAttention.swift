import OXOProtocol

/// Whether a player is looking at a game now: some socket of theirs follows its topic
/// (`game:<id>`). Realtime knows, for the sockets of its own process, and Root hands it
/// to Social, which stands below Realtime. With several processes a player who looks
/// through another process's socket counts as not looking: they may get a "your turn"
/// they did not need, and never miss one.
package protocol GameAttention: Sendable {
    func isLooking(_ user: UserID, at game: GameID) -> Bool
}
