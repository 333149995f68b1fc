import Foundation
import Observation
import OXOClient
import OXOProtocol
import TicTacToe

/// The terminal client's state and what the player does with it. What it shows comes
/// from the SDK's models (`LobbyModel`, `GameModel`, `InboxModel`); this adds only what
/// belongs to the terminal: the screen in view, the line being typed, the chosen row or
/// cell, and the last thing said to the player.
@available(macOS 14.0, *)
@MainActor @Observable
final class OnlineApp {
    enum Screen {
        case lobby
        case game(GameModel)
    }

    @ObservationIgnored let live: LiveSession
    @ObservationIgnored let lobby: LobbyModel
    @ObservationIgnored let inbox: InboxModel
    /// The line-by-line mode: no chosen row or cell, since nothing can be pointed at.
    @ObservationIgnored let isPlain: Bool
    var screen = Screen.lobby
    var input = ""
    /// The chosen row of the lobby's list.
    var selection = 0
    /// The chosen cell of the board, an index on its grid; nil for the centre, as a game opens.
    var cursor: Int?
    /// The last thing said to the player: what happened, or why not.
    var status: String?
    var showsBell = false
    var size = Terminal.Size(columns: 80, rows: 24)
    /// Now, for countdowns; moved on every second while one is shown.
    var now = Date()
    var isDone = false
    /// The player signed out: the saved token is to be forgotten.
    var signedOut = false
    /// The game whose model is being made, until it is shown.
    @ObservationIgnored private var opening: GameID?

    init(live: LiveSession, lobby: LobbyModel, inbox: InboxModel, isPlain: Bool) {
        self.live = live
        self.lobby = lobby
        self.inbox = inbox
        self.isPlain = isPlain
    }

    var game: GameModel? {
        if case .game(let model) = screen { return model }
        return nil
    }

    // MARK: Keys

    func handle(_ key: Key) async {
        switch key {
        case .character(let character): input.append(character)
        case .backspace: if !input.isEmpty { input.removeLast() }
        case .enter:
            let line = input.trimmingCharacters(in: .whitespaces)
            input = ""
            if line.isEmpty { await activateChoice() } else { await run(line) }
        case .up: move(rows: -1, columns: 0)
        case .down: move(rows: 1, columns: 0)
        case .left: move(rows: 0, columns: -1)
        case .right: move(rows: 0, columns: 1)
        case .escape: if game != nil { await run(.back) }
        case .quit: isDone = true
        case .tab: break
        }
    }

    private func move(rows: Int, columns: Int) {
        if let game {
            moveCursor(rows: rows, columns: columns, in: game)
        } else {
            selection = min(max(0, lobbyItems.count - 1), max(0, selection + rows))
        }
    }

    /// Enter on an empty line: plays the chosen cell, or does what the chosen row offers.
    private func activateChoice() async {
        if let game { return await play(chosenCell(in: game), in: game) }
        guard lobbyItems.indices.contains(selection) else { return }
        switch lobbyItems[selection] {
        case .challenge(let challenge): await report(lobby.accept(challenge.id)) { "Accepted \($0.challenger.username)'s challenge." }
        case .myGame(let game), .live(let game): await open(game.id)
        case .open(let game): await join(game.code)
        case .player(let player): await run(.challenge(player.player.username, GameChoice()))
        }
    }

    // MARK: Games

    /// Shows a game, leaving the one in view. Joining a game opens it twice at once (the
    /// join's answer, and the start the player's own topic tells of): only the first makes
    /// a model, and only the last asked for is shown, so no screen shows a model the player
    /// cannot see (one left following the game, or one not yet shown while another is).
    func open(_ id: GameID) async {
        guard game?.id != id, opening != id else { return }
        opening = id
        let model = await GameModel(id, on: live)
        guard opening == id else { return await model.close() }
        opening = nil
        let previous = game
        screen = .game(model)
        cursor = nil
        await previous?.close()
    }

    func backToLobby() async {
        let previous = game
        opening = nil
        screen = .lobby
        await previous?.close()
    }

    func join(_ code: String) async {
        if case .success(let game) = await report(lobby.join(code), { "Joined game \($0.code)." }) {
            await open(game.id)
        }
    }

    /// Says what became of an action: `done` on success, the refusal otherwise.
    @discardableResult
    func report<Value>(_ result: Result<Value, Refusal>, _ done: (Value) -> String) -> Result<Value, Refusal> {
        switch result {
        case .success(let value): status = done(value)
        case .failure(let refusal): status = refusal.message
        }
        return result
    }

    /// Follows games started for the player elsewhere (a challenge accepted, a random
    /// pairing, a rematch) into view, unless a game is being played.
    func openStartedGames() async {
        var seen = lobby.startedGame?.id
        for await started in changes(of: { self.lobby.startedGame?.id }) {
            guard let started, started != seen else { continue }
            seen = started
            if let game, game.game?.phase == .live, game.myMark != nil { continue }
            await open(started)
            status = "A game started: you play \(game?.myMark?.rawValue ?? "?")."
        }
    }
}
