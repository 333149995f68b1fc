import NIOConcurrencyHelpers
import NIOCore

/// Two bench clients at one table, playing game after game over their sockets. Moves are
/// made from the socket's event loop the moment the event that makes it a player's turn
/// arrives, and that arrival is the end of the previous move's round trip: the mover sent
/// it, the server committed it, and the opponent's socket received the event.
final class GameTable: Sendable {
    enum Side: Sendable { case x, o }

    private let x: BenchSocket
    private let o: BenchSocket
    private let run: GamesRun
    private let state = NIOLockedValueBox(State())

    private struct State {
        var game: String?
        /// The move in flight: who makes it, which number it is, and when it left (nil
        /// while the player still thinks: a move not sent when the run ends is not lost).
        var mover: Side?
        var moveNumber = 0
        var sentAt: NIODeadline?
        var finishedSeenBy = 0
        var over = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    init(x: BenchSocket, o: BenchSocket, run: GamesRun) {
        self.x = x
        self.o = o
        self.run = run
        x.handleFrames { self.received($0, by: .x) }
        o.handleFrames { self.received($0, by: .o) }
    }

    /// Starts following a new game, before its second player joins.
    func begin(_ game: String) {
        state.withLockedValue { $0 = State(game: game) }
    }

    /// `side` subscribes to the current game's topic (with `--follow game`): its snapshot
    /// and its events tell whose turn it is from then on.
    func follow(_ side: Side) {
        guard let game = state.withLockedValue({ $0.game }) else { return }
        (side == .x ? x : o).send(#"{"type":"subscribe","id":"g","topic":"game:\#(game)"}"#)
    }

    /// Returns when the current game has finished, failed, or the run has ended.
    func waitUntilOver() async {
        await withCheckedContinuation { continuation in
            let overAlready = state.withLockedValue { state in
                if state.over { return true }
                state.waiter = continuation
                return false
            }
            if overAlready { continuation.resume() }
        }
    }

    /// Ends the game where it stands: the run is over, or something went wrong. Returns
    /// whether a move was still waiting for its event.
    @discardableResult
    func end() -> Bool {
        let (waiter, waiting, left) = state.withLockedValue { state -> (CheckedContinuation<Void, Never>?, Bool, String?) in
            let waiting = !state.over && state.mover != nil && state.sentAt != nil
            let left = state.over ? nil : state.game
            state.over = true
            defer { state.waiter = nil }
            return (state.waiter, waiting, left)
        }
        if run.follow == .game, let left {
            for socket in [x, o] { socket.send(#"{"type":"unsubscribe","topic":"game:\#(left)"}"#) }
        }
        waiter?.resume()
        return waiting
    }

    private func received(_ text: String, by side: Side) {
        let message: BenchMessage
        do {
            message = try BenchMessage.decode(text)
        } catch {
            run.errors.record("a socket message the bench could not read")
            return
        }
        if let error = message.error {
            run.errors.record("move refused: \(error.code)")
            end()
            return
        }
        if run.follow == .game, let game = message.snapshot?.game {
            return turnMayHaveCome(in: game, for: side)
        }
        guard message.type == "event", let event = message.event, let game = event.game else { return }
        switch (run.follow, event.kind) {
        case (.inbox, "player_joined"), (.inbox, "your_turn"): yourTurn(game, side: side)
        case (.game, "player_joined"), (.game, "move_played"): turnMayHaveCome(in: game, for: side)
        case (_, "game_finished"): finished(game, seenBy: side)
        default: break
        }
    }

    /// On a game's own topic both players hear every change: the one whose turn it now is
    /// answers it.
    private func turnMayHaveCome(in game: BenchMessage.Game, for side: Side) {
        guard game.phase == "live", side == (game.moveCount.isMultiple(of: 2) ? .x : .o) else { return }
        yourTurn(game, side: side)
    }

    private enum Action {
        case nothing
        case send(game: String, number: Int, cell: Int)
        case end
    }

    /// The player's turn: the opponent's move, if any, has arrived; answer it at once.
    private func yourTurn(_ game: BenchMessage.Game, side: Side) {
        let moveCount = game.moveCount
        let action: Action = state.withLockedValue { state in
            guard !state.over, state.game == game.id else { return .nothing }
            if let mover = state.mover {
                guard mover != side, state.moveNumber == moveCount else { return .nothing }
                completeMove(sentAt: state.sentAt)
                state.mover = nil
            } else if !(side == .x && moveCount == 0) {
                return .nothing  // Only the join starts a game: X moves first.
            }
            guard !run.stopped, let cell = game.legalCells.randomElement() else { return .end }
            state.mover = side
            state.moveNumber = moveCount + 1
            state.sentAt = nil
            return .send(game: game.id, number: moveCount + 1, cell: cell)
        }
        switch action {
        case .nothing:
            break
        case .end:
            end()
        case .send(let id, let number, let cell):
            let socket = side == .x ? x : o
            socket.after(run.think.draw()) {
                let stillPlaying = self.state.withLockedValue { state in
                    guard !state.over else { return false }
                    state.sentAt = .now()
                    return true
                }
                if stillPlaying {
                    socket.send(#"{"type":"move","id":"m","game":"\#(id)","cell":\#(cell),"move_number":\#(number)}"#)
                }
            }
        }
    }

    /// Both players hear that the game is over; the opponent of the last mover hearing
    /// it ends that move's round trip.
    private func finished(_ game: BenchMessage.Game, seenBy side: Side) {
        let done = state.withLockedValue { state -> Bool in
            guard !state.over, state.game == game.id else { return false }
            if let mover = state.mover, mover != side, state.moveNumber == game.moveCount {
                completeMove(sentAt: state.sentAt)
                state.mover = nil
            }
            state.finishedSeenBy += 1
            return state.finishedSeenBy == 2
        }
        if done {
            if !run.stopped { run.gamesFinished.add(1) }
            end()
        }
    }

    private func completeMove(sentAt: NIODeadline?) {
        guard !run.stopped, let sentAt else { return }
        run.latency.record(since: sentAt)
        run.moves.add(1)
    }
}
