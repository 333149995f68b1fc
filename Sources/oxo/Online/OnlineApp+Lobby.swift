import OXOClient
import OXOProtocol
import TicTacToe

@available(macOS 14.0, *)
extension OnlineApp {
    /// A row of the lobby that Enter acts on.
    enum LobbyItem {
        case challenge(Challenge)
        case myGame(GameView)
        case open(GameView)
        case live(GameView)
        case player(OnlinePlayer)
    }

    /// The rows to choose from, in the order shown.
    var lobbyItems: [LobbyItem] {
        let mine = Set(lobby.myGames.map(\.id))
        return lobby.challengesReceived.map(LobbyItem.challenge)
            + lobby.myGames.map(LobbyItem.myGame)
            + lobby.openGames.filter { !mine.contains($0.id) }.map(LobbyItem.open)
            + lobby.liveGames.filter { !mine.contains($0.id) }.map(LobbyItem.live)
            + lobby.others.map(LobbyItem.player)
    }

    func lobbyLines() -> [String] {
        var lines: [String] = []
        var index = 0
        func section(_ title: String, _ rows: [String], empty: String? = nil) {
            guard !rows.isEmpty || empty != nil else { return }
            lines.append(title)
            if rows.isEmpty, let empty { lines.append("    " + empty) }
            for row in rows {
                lines.append((!isPlain && index == selection ? "  > " : "    ") + row)
                index += 1
            }
        }
        section("Challenges for you", lobby.challengesReceived.enumerated().map { number, challenge in
            let board = challenge.variant.map { $0 == .classic ? "" : ", \($0.displayName)" } ?? ""
            return "\(number + 1). \(challenge.challenger.shownName) (you play \(challenge.side.opponent.rawValue)\(board)): "
                + "accept \(number + 1) or decline \(number + 1)"
        })
        section("Your games", lobby.myGames.map(describeMine))
        section("Open games", lobby.openGames.filter { !lobby.myGames.map(\.id).contains($0.id) }.map { game in
            "\(game.code)  \(boardName(of: game))\(seats(of: game))  join \(game.code)"
        }, empty: "none: type new x or new o to start one")
        section("Live games", lobby.liveGames.filter { !lobby.myGames.map(\.id).contains($0.id) }.map { game in
            "\(game.code)  \(boardName(of: game))\(seats(of: game))  \(game.moves.count) moves, \(game.watchers) watching"
        })
        section("Online now", lobby.others.map { "\($0.player.shownName)  \($0.status.rawValue)" }, empty: "nobody else yet")
        if !lobby.challengesMade.isEmpty {
            lines.append("Your challenges: " + lobby.challengesMade.map { "\($0.opponent.shownName)\($0.seen ? " (seen)" : "")" }
                .joined(separator: ", ") + " · cancel withdraws them")
        }
        if lobby.isWaitingForRandom { lines.append("Waiting for Play random… (random again to leave)") }
        return lines
    }

    func seats(of game: GameView) -> String {
        let x = game.x?.player?.shownName ?? game.x?.computer.map { "computer (\($0.rawValue))" } ?? "?"
        let o = game.o?.player?.shownName ?? game.o?.computer.map { "computer (\($0.rawValue))" } ?? "?"
        return "\(x) (X) vs \(o) (O)"
    }

    /// "Gomoku  " before a game of a board other than classic, which lists say nothing of.
    func boardName(of game: GameView) -> String {
        game.variant == .classic ? "" : "\(game.variant.displayName)  "
    }

    private func describeMine(_ game: GameView) -> String {
        guard game.phase == .live else { return "\(game.code)  \(boardName(of: game))waiting for an opponent" }
        let mine: Mark? = game.x?.player?.id == live.me.id ? .x : .o
        return "\(game.code)  \(boardName(of: game))\(seats(of: game))  \(game.turn == mine ? "your turn" : "their turn")"
    }
}
