import Foundation
import OXOClient
import OXOProtocol
import TicTacToe

@available(macOS 14.0, *)
extension OnlineApp {
    /// The game in view: who plays, the board with the side panel beside it, the chat. A
    /// board taller than `boardHeight` lines shows the rows around the chosen cell.
    func gameLines(_ model: GameModel, renderer: BoardRenderer, boardHeight: Int? = nil) -> [String] {
        guard let game = model.game else {
            return [model.unavailable.map { "This game cannot be shown: \($0.message)" } ?? "Loading the game…"]
        }
        let role = model.myMark.map { "you play \($0.rawValue)" } ?? "you are watching"
        let board = game.variant == .classic ? [] : [game.variant.displayName]
        var lines = [(["Game \(game.code)"] + board + [seats(of: game), role]).joined(separator: " · ")]
        let cursor = !isPlain && model.isMyTurn ? chosenCell(in: model) : nil
        let drawn = renderer.lines(of: BoardPicture(game), cursor: cursor, height: boardHeight)
        // The panel stands right of the board (at column 20 beside classic's), its
        // sentences wrapped to the room left.
        let column = max(20, (drawn.map(Frame.visibleWidth(of:)).max() ?? 0) + 2)
        let panel = sidePanel(model, game).flatMap { Frame.wrapped($0, to: max(20, size.columns - column)) }
        for row in 0..<max(drawn.count, panel.count) {
            let left = row < drawn.count ? drawn[row] : ""
            let padding = String(repeating: " ", count: max(0, column - Frame.visibleWidth(of: left)))
            lines.append(left + padding + (row < panel.count ? panel[row] : ""))
        }
        for room in model.chatRooms {
            let messages = model.messages(in: room).suffix(5)
            lines.append(room == .players(model.id) ? "Players' chat (say TEXT)" : "Watchers' chat")
            if messages.isEmpty { lines.append("    no messages yet") }
            lines += messages.map { "    \($0.sender.shownName): \($0.deleted ? "(deleted)" : $0.text ?? "(photo)")" }
        }
        return lines
    }

    private func sidePanel(_ model: GameModel, _ game: GameView) -> [String] {
        var panel: [String] = []
        switch game.phase {
        case .open:
            panel.append("Waiting for an opponent: share the code \(game.code).")
            if model.myMark == nil { panel.append("Type join to take the free seat.") }
        case .live:
            let mover = game.turn.flatMap { game.seat($0)?.player?.shownName } ?? "?"
            let turn = model.isMyTurn ? "your turn (\(model.myMark!.rawValue))" : "\(mover)'s turn (\(game.turn?.rawValue ?? "?"))"
            panel.append("Move \(game.nextMoveNumber): \(turn).")
        case .finished:
            panel.append(resultSentence(model, game))
        }
        panel.append("\(game.watchers) watching")
        if let away = model.opponentAway, let wait = model.claimCountdown(at: now) {
            let name = game.seat(away.mark)?.player?.shownName ?? away.mark.rawValue
            panel.append(wait > 0 ? "\(name) is away: you may claim the win in \(Int(wait.rounded(.up))) s."
                                  : "\(name) is away: type claim to take the win.")
        }
        if let series = model.series {
            panel.append("Series with \(series.opponent.shownName): \(series.wins) won, \(series.losses) lost, \(series.draws) drawn")
        }
        if game.phase == .finished, model.myMark != nil, game.mode == .online {
            let offers = model.rematchOffers
            if model.rematchGame != nil {
                panel.append("Rematch started.")
            } else if let mine = model.myMark, offers.contains(mine) {
                panel.append("You offered a rematch.")
            } else if !offers.isEmpty {
                panel.append("\(model.opponent?.shownName ?? "Your opponent") offers a rematch: type rematch.")
            } else {
                panel.append("Type rematch to play again, back for the lobby.")
            }
        }
        return panel
    }

    private func resultSentence(_ model: GameModel, _ game: GameView) -> String {
        guard let result = game.result else { return "Game over." }
        let outcome: String
        switch result.reason {
        case .line:
            let line = result.line.map { Messages.winningLine($0, on: game.variant) }
            outcome = "\(result.winner?.rawValue ?? "?") wins with \(line ?? "a line")."
        case .draw: outcome = "Draw."
        case .resignation: outcome = "\(result.winner?.opponent.rawValue ?? "?") resigned."
        case .abandoned: outcome = "\(result.winner?.opponent.rawValue ?? "?") left the game."
        case .timeout:
            guard let winner = result.winner else { return "Time ran out; the other side could no longer win: a draw." }
            outcome = "\(winner.opponent.rawValue) ran out of time."
        case .expired: return "Nobody joined in time."
        case .cancelled: return "The game was withdrawn."
        }
        guard let mine = model.myMark, let winner = result.winner else { return outcome }
        return outcome + (winner == mine ? " You won!" : " You lost.")
    }
}
