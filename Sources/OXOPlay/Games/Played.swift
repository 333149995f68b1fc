import OXOProtocol

/// A game as a change left it, with the view its event showed: built once, for the event
/// and the answer alike.
struct Played {
    let game: StoredGame
    let view: GameView

    init(game: StoredGame, view: GameView) {
        self.game = game
        self.view = view
    }

    /// A game no move of this change touched.
    init(_ game: StoredGame) {
        self.init(game: game, view: game.view)
    }
}
