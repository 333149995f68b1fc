import TicTacToe

/// Turning one's own account into a bot, for good (`POST /v1/me/bot`).
public struct BecomeBotRequest: Codable, Hashable, Sendable {
    /// The boards it plays: a challenge on another is refused for it. Every board when
    /// left out.
    public var variants: [Variant]?

    public init(variants: [Variant]? = nil) {
        self.variants = variants
    }
}
