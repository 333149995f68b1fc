import Foundation
import OXOProtocol
import TicTacToe

/// The decisions about a game: may this player move here, join, cancel, resign, claim,
/// offer a rematch, ask for a hint. Each is a pure function of the game as stored (and the time,
/// where it matters) that throws the refusal's typed error or returns what to write, so
/// the rules are tested without a server and a change only carries out what they decided.
package enum GameRules {
    /// What a move request comes to.
    enum MoveDecision: Equatable {
        /// The same move by the same side was applied already: answer as before, change nothing.
        case alreadyPlayed
        /// Play `cell` as `mark`, the move after the last.
        case play(Int, as: Mark)
    }

    static func move(cell: Int, number: Int, by user: UserID, in game: StoredGame) throws(APIError) -> MoveDecision {
        let row = game.row
        let marks = try seats(of: user, in: row)
        guard row.phase != .open else { throw waiting }
        let state = game.state
        guard (0..<state.variant.cellCount).contains(cell) else {
            throw APIError(.noSuchCell, "Cells are numbered 0 to \(state.variant.cellCount - 1); there is no cell \(cell).")
        }
        if number >= 1, number <= state.moves.count {
            let mark: Mark = number % 2 == 1 ? .x : .o
            if state.moves[number - 1] == cell, marks.contains(mark) { return .alreadyPlayed }
        }
        if row.resultReason == .timeout, let flagged = state.turn, marks.contains(flagged) {
            throw APIError(.outOfTime, "Your time ran out; the game was lost on time.")
        }
        guard row.phase == .live, let turn = state.turn else { throw over }
        guard number == state.moves.count + 1 else {
            throw APIError(.staleState, "Move \(number) does not follow the game as it stands (next is \(state.moves.count + 1)).",
                           game: game.view)
        }
        guard marks.contains(turn) else { throw APIError(.notYourTurn, "It is \(turn)'s turn.") }
        do {
            _ = try state.playing(index: cell, as: turn)
        } catch {
            throw refusal(of: cell, in: state, error)
        }
        return .play(cell, as: turn)
    }

    /// The refusal of a move the rules do not allow, after the checks above: the cell is
    /// taken, or (Ultimate) its small board is closed or not the one the player was sent to.
    private static func refusal(of cell: Int, in state: VariantGame, _ error: VariantMoveError) -> APIError {
        switch error {
        case .closedBoard:
            APIError(.closedBoard, "The \(PlaceNames.onThreeByThree(UltimateGrid.smallBoard(of: cell))) board is closed: it is won or full.")
        case .wrongBoard:
            APIError(.wrongBoard, "You were sent to the \(PlaceNames.onThreeByThree(state.activeBoard ?? 0)) board; play there.")
        case .cellOccupied, .outsideBoard, .xExpected, .oExpected, .gameOver:
            APIError(.cellOccupied, "The \(place(of: cell, in: state.variant)) cell is already taken.")
        }
    }

    /// Refuses a private game to anyone but its players, as if it did not exist, once it
    /// has started: until then whoever was given its code may see it, to join it. A listed
    /// game is anyone's to see, watch and replay.
    package static func reveal(_ row: GameRow, to viewer: UserID) throws(APIError) {
        guard row.listed || row.phase == .open || row.players.contains(viewer.rawValue) else {
            throw APIError(.gameNotFound, "No game has this id or share code.")
        }
    }

    /// The seat `user` takes in an open game.
    static func join(_ row: GameRow, by user: UserID) throws(APIError) -> Mark {
        guard row.marks(of: user).isEmpty else { throw APIError(.alreadySeated, "You are already seated in this game.") }
        guard row.phase == .open, let free = Mark.allCases.first(where: { row.userID(of: $0) == nil }) else {
            throw APIError(.seatTaken, "Both seats of this game are taken.")
        }
        return free
    }

    /// The winner when `user` resigns: the other side; in pass-and-play, the side not to move.
    static func resign(_ game: StoredGame, by user: UserID) throws(APIError) -> Mark {
        let marks = try seats(of: user, in: game.row)
        try requireLive(game.row)
        let loser = marks.count == 1 ? marks[0] : (game.state.turn ?? .x)
        return loser.opponent
    }

    /// The winner when `user` claims a game their opponent left: `user`'s side, once the
    /// opponent has been away for the grace period.
    static func claim(_ row: GameRow, by user: UserID, at now: Date) throws(APIError) -> Mark {
        guard let mine = try seats(of: user, in: row).first else { throw notAPlayer }
        try requireLive(row)
        guard row.mode == .online, let absence = row.absence(of: mine.opponent) else {
            throw APIError(.opponentPresent, "Your opponent is still connected.")
        }
        guard now >= absence.claimableAt else {
            throw APIError(.claimTooEarly, "Your opponent may still come back; you can claim the win from \(absence.claimableAt).")
        }
        return mine
    }

    /// The side whose player offers to play again.
    static func offerRematch(_ row: GameRow, by user: UserID) throws(APIError) -> Mark {
        guard let mine = try seats(of: user, in: row).first else { throw notAPlayer }
        guard row.allowsRematch else {
            throw APIError(.rematchUnavailable, "Only a finished game between two players can be played again.")
        }
        return mine
    }

    /// Checks that `user` may ask for a hint now. Hints are for learning: in a game against
    /// the computer or in pass-and-play, on the player's turn, and in any finished game
    /// (the position it stopped at); never while two people play each other.
    static func hint(_ game: StoredGame, for user: UserID) throws(APIError) {
        let marks = try seats(of: user, in: game.row, refusal: APIError(.notAPlayer, "Only the players of this game can ask for a hint."))
        switch game.row.phase {
        case .open: throw waiting
        case .finished: return
        case .live:
            guard game.row.mode != .online else {
                throw APIError(.hintUnavailable, "Hints are for games against the computer, pass and play and finished games, not while two people play.")
            }
            guard let turn = game.state.turn else { throw over }
            guard marks.contains(turn) else { throw APIError(.notYourTurn, "It is \(turn)'s turn.") }
        }
    }

    /// Checks that `user` may withdraw the game: only its creator, and only while it waits
    /// for an opponent.
    static func cancel(_ row: GameRow, by user: UserID) throws(APIError) {
        guard row.creatorId == user.rawValue else { throw APIError(.notAPlayer, "Only the player who opened this game can cancel it.") }
        switch row.phase {
        case .open: return
        case .live: throw APIError(.gameStarted, "The game has started; it can no longer be cancelled.")
        case .finished: throw over
        }
    }

    /// The marks `user` plays in the game; refuses anyone who plays none.
    static func seats(of user: UserID, in row: GameRow, refusal: APIError = notAPlayer) throws(APIError) -> [Mark] {
        let marks = row.marks(of: user)
        guard !marks.isEmpty else { throw refusal }
        return marks
    }

    /// Refuses a game that has not started or has ended.
    static func requireLive(_ row: GameRow) throws(APIError) {
        guard row.phase == .live else { throw row.phase == .open ? waiting : over }
    }

    /// Where a cell is, in words every client can show: on classic's board "top-left" or
    /// "centre" (the web page numbers its cells 1–9 and the terminal names them a1–c3, but
    /// both show the board); on the others its name in the notation, such as "h8".
    static func place(of cell: Int, in variant: Variant) -> String {
        guard variant == .classic else { return CellName.name(of: cell, in: variant) }
        return PlaceNames.onThreeByThree(cell)
    }

    static let notAPlayer = APIError(.notAPlayer, "You are not playing in this game.")
    static let waiting = APIError(.waitingForOpponent, "The game starts when an opponent joins.")
    static let over = APIError(.gameOver, "This game is over.")
}
