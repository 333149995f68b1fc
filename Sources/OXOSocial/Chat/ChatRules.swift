import Foundation
import OXOCore
import OXOProtocol

/// What may be said, and where: pure functions of the stored facts, tested without a server.
enum ChatRules {
    static let maxLength = 1000
    /// Four bytes a character: room for any script and emoji, not for a letter carrying
    /// thousands of accents.
    static let maxBytes = 4 * maxLength
    /// How long after a game ends its rooms still take messages; then they are read-only.
    static let closingTime: TimeInterval = 10 * 60

    /// The text as stored: line breaks and tabs become spaces, other control characters
    /// (and invisible format characters such as a right-to-left override) are removed,
    /// then the ends are trimmed. Nil when nothing that shows is left. Over 1,000 characters
    /// or 4,000 bytes is refused.
    static func text(_ raw: String?) throws(APIError) -> String? {
        guard let raw else { return nil }
        var kept = String.UnicodeScalarView()
        for scalar in raw.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                kept.append(" ")
            } else if !isInvisible(scalar) {
                kept.append(scalar)
            }
        }
        let text = String(kept).trimmingCharacters(in: .whitespacesAndNewlines)
        guard VisibleText.showsSomething(text) else { return nil }
        guard text.count <= maxLength, text.utf8.count <= maxBytes else {
            throw APIError(.messageTooLong, "A message can be at most \(maxLength) characters in \(maxBytes) bytes; "
                           + "this one has \(text.count) in \(text.utf8.count).")
        }
        return text
    }

    /// Control characters, and format characters but the joiner that builds emoji.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control: true
        case .format: scalar.value != 0x200D
        default: false
        }
    }

    /// The facts about a game that decide who may read and write its rooms.
    struct Game: Sendable {
        let mode: GameMode
        let phase: GamePhase
        let players: [UUID]
        /// When it ended, for a finished game.
        let endedAt: Date?
        /// A private game's rooms, both of them, are its players' alone.
        var listed = true
    }

    /// Throws the refusal when `user` may not read (or, with `writing`, write in) the room
    /// of `game`: the players' room is the two players'; the watchers' is anyone's; a game
    /// against the computer or with oneself has neither; both are read-only once the game
    /// has been over for ten minutes.
    static func check(_ room: ChatRoom, of game: Game, user: UUID, writing: Bool, now: Date) throws(APIError) {
        guard game.mode == .online else {
            throw APIError(.chatUnavailable, "A game against the computer or on one device has no chat.")
        }
        if case .players = room, !game.players.contains(user) {
            throw APIError(.notAPlayer, "The players' room is for the two players; watchers talk in the watchers' room.")
        }
        if !game.listed, !game.players.contains(user) {
            throw APIError(.notAPlayer, "A private game's rooms are for its two players.")
        }
        if writing, game.phase == .finished, let endedAt = game.endedAt, now.timeIntervalSince(endedAt) > closingTime {
            throw APIError(.chatClosed, "This game ended more than 10 minutes ago; its chat is read-only.")
        }
    }
}
