import Foundation
import TicTacToe

/// A finished game written in the text notation of `Notation`: a header of lines that
/// start with "#" (the game, each side, the result, when it ended), then one move a line,
/// such as "1. b2 X". A reader that knows only moves skips the "#" lines.
public enum GameNotation {
    public static func text(of replay: Replay) -> String {
        let variant = replay.game.variant
        return header(of: replay.game)
            + replay.moves.map { Notation.line(number: $0.number, index: $0.cell, mark: $0.mark, in: variant) + "\n" }.joined()
    }

    /// The "#" lines that come before the moves, each ended by a line feed; a game of
    /// another variant than classic names it first (`Notation.header(for:)`), so that
    /// `Notation.parse` knows the board.
    public static func header(of game: FinishedGame) -> String {
        (game.variant == .classic ? "" : Notation.header(for: game.variant) + "\n") + [
            "OXO game \(game.id)",
            "X: \(name(of: game.x))",
            "O: \(name(of: game.o))",
            "Result: \(describe(game.result))",
            "Ended: \(WireDate.text(game.endedAt))",
        ].map { "# \($0)\n" }.joined()
    }

    /// "Alice (alice)", "the computer (perfect)" or "nobody". A name is kept to one line,
    /// so no name can add a line of its own to the text.
    static func name(of seat: Seat?) -> String {
        if let player = seat?.player {
            let shown = player.displayName == player.username ? player.username : "\(player.displayName) (\(player.username))"
            return String(shown.map { character in Self.breaksTheLine(character) ? " " : character })
        }
        if let level = seat?.computer { return "the computer (\(level.rawValue))" }
        return "nobody"
    }

    private static func breaksTheLine(_ character: Character) -> Bool {
        character.isNewline || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// "X won by a line", "O won by resignation", "X won, O abandoned", "draw".
    static func describe(_ result: GameResult) -> String {
        guard let winner = result.winner else { return result.reason == .timeout ? "draw, out of time" : "draw" }
        switch result.reason {
        case .line: return "\(winner) won by a line"
        case .resignation: return "\(winner) won, \(winner.opponent) resigned"
        case .abandoned: return "\(winner) won, \(winner.opponent) left the game"
        case .timeout: return "\(winner) won, \(winner.opponent) ran out of time"
        case .draw, .expired, .cancelled: return "\(winner) won (\(result.reason.rawValue))"
        }
    }
}
