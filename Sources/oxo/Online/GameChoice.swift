import OXOProtocol
import TicTacToe

/// The words after `new`, `challenge NAME` or `random` that choose the game, in any order
/// and each at most once: a side (`x` or `o`), a board (`four`, `gomoku`, `ultimate` or
/// `classic`) and a pace (`3+2`, `3d` or `casual`), so `random gomoku 3+2` and
/// `random 3+2 gomoku` ask for the same.
struct GameChoice: Hashable {
    var side: Mark?
    var variant: Variant?
    var timeControl: TimeControl?

    init(side: Mark? = nil, variant: Variant? = nil, timeControl: TimeControl? = nil) {
        self.side = side
        self.variant = variant
        self.timeControl = timeControl
    }

    /// Nil when a word is none of these, or says again what another said.
    init?(_ words: some Sequence<String>) {
        for word in words {
            if side == nil, let mark = Mark(word) {
                side = mark
            } else if variant == nil, let board = Variant(rawValue: word.lowercased()) {
                variant = board
            } else if timeControl == nil, let control = TimeControl(notation: word) {
                timeControl = control
            } else {
                return nil
            }
        }
    }

    /// The name a sentence gives a board other than classic ("Gomoku"), nil for classic,
    /// which sentences leave unnamed as they always did.
    static func named(_ variant: Variant?) -> String? {
        guard let variant, variant != .classic else { return nil }
        return variant.displayName
    }
}
