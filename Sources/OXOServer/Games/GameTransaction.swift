import Fluent
import Foundation
import OXOProtocol
import SQLKit
import TicTacToe

/// The changes to games, each made inside one write transaction together with the
/// events it causes. Nothing here trusts the client: seats, turn and board all come
/// from the database.
final class GameTransaction: Sendable {
    let database: any Database
    let context: ServerContext
    /// The events the change causes, stored with it.
    let eventLog: EventLog

    init(database: any Database, context: ServerContext, eventLog: EventLog) {
        self.database = database
        self.context = context
        self.eventLog = eventLog
    }

    var queries: GameQueries { GameQueries(database: database) }
    var now: Date { context.clock.now }

    func create(_ body: CreateGameRequest, mode: GameMode, by user: AuthenticatedUser) async throws -> GameView {
        let me = user.id.rawValue
        let (x, o): (UUID?, UUID?) = switch mode {
        case .passAndPlay: (me, me)
        case .online, .computer: body.side == .x ? (me, nil) : (nil, me)
        }
        let listed = body.listed ?? (mode == .online)
        let row = try await insertGame(mode: mode, listed: listed, level: mode == .computer ? body.level : nil,
                                       x: x, o: o, creator: me, phase: mode == .online ? .open : .live)
        let view = try await playComputer(in: StoredGame(row: row, moves: [])).view
        // The creator's other devices hear of every new game; the lobby only of listed
        // games that wait for an opponent.
        log(.gameOpened, view, to: [.user(user.id)] + (mode == .online && listed ? [.lobby] : []))
        if view.phase == .live { try await announcePresence(of: [me]) }
        return view
    }

    /// Starts a game between two people with both seats taken (an accepted challenge, a
    /// random pairing, a rematch), and tells both.
    func start(x: UUID, o: UUID, by creator: UUID) async throws -> GameView {
        let row = try await insertGame(mode: .online, listed: false, level: nil, x: x, o: o, creator: creator, phase: .live)
        let view = StoredGame(row: row, moves: []).view
        log(.gameStarted, view, to: [.user(UserID(rawValue: x)), .user(UserID(rawValue: o))])
        try await announcePresence(of: [x, o])
        return view
    }

    private func insertGame(mode: GameMode, listed: Bool, level: Level?, x: UUID?, o: UUID?, creator: UUID,
                            phase: GamePhase) async throws -> GameRow {
        let id = UUID()
        try await database.sql.insert(into: "games")
            .columns(GameQueries.creationColumns)
            .values([
                SQLBind(id), SQLBind(ShareCode.make()), SQLBind(mode.rawValue), SQLBind(listed), SQLBind(level?.rawValue),
                SQLBind(x), SQLBind(o), SQLBind(creator), SQLBind(phase.rawValue), SQLBind(0),
                SQLBind(String?.none), SQLBind(String?.none), SQLBind(now), SQLBind(now),
            ])
            .run()
        return try await queries.row(GameID(rawValue: id))
    }

    func join(_ id: GameID, as user: AuthenticatedUser) async throws -> GameView {
        let row = try await queries.row(id)
        guard row.marks(of: user.id).isEmpty else {
            throw APIError(.alreadySeated, "You are already seated in this game.")
        }
        guard row.gamePhase == .open, let free = Mark.allCases.first(where: { row.userID(of: $0) == nil }) else {
            throw APIError(.seatTaken, "Both seats of this game are taken.")
        }
        // The phase check in the WHERE clause is the compare-and-set: of many joiners,
        // only the first to commit still finds the game open.
        let seated = try await database.sql.raw("""
            UPDATE games SET \(ident: free == .x ? "x_user_id" : "o_user_id") = \(bind: user.id.rawValue),
            phase = \(bind: GamePhase.live.rawValue), updated_at = \(bind: now)
            WHERE id = \(bind: id.rawValue) AND phase = \(bind: GamePhase.open.rawValue) RETURNING id
            """).all()
        guard !seated.isEmpty else { throw APIError(.seatTaken, "Someone else took the seat first.") }
        let view = StoredGame(row: try await queries.row(id), moves: []).view
        log(.playerJoined, view, to: [.game(id), .user(UserID(rawValue: row.creatorId))] + (row.listed ? [.lobby] : []))
        try await announcePresence(of: [row.creatorId, user.id.rawValue])
        return view
    }

    func move(_ id: GameID, cell index: Int, moveNumber: Int, by user: AuthenticatedUser) async throws -> GameView {
        let game = try await queries.game(id)
        let row = game.row
        let marks = row.marks(of: user.id)
        guard !marks.isEmpty else { throw APIError(.notAPlayer, "You are not playing in this game.") }
        guard row.gamePhase != .open else { throw APIError(.waitingForOpponent, "The game starts when an opponent joins.") }
        let state = try game.state()
        guard let cell = Cell(index: index) else {
            throw APIError(.noSuchCell, "Cells are numbered 0 to 8; there is no cell \(index).")
        }
        if moveNumber >= 1, moveNumber <= state.moves.count {
            // A retry of a move that was applied gets the same answer and changes nothing.
            let mark: Mark = moveNumber % 2 == 1 ? .x : .o
            if state.moves[moveNumber - 1] == cell, marks.contains(mark) { return game.view }
        }
        guard row.gamePhase == .live, let turn = state.turn else { throw APIError(.gameOver, "This game is over.") }
        guard moveNumber == state.moves.count + 1 else {
            throw APIError(.staleState, "Move \(moveNumber) does not follow the game as it stands (next is \(state.moves.count + 1)).",
                           game: game.view)
        }
        guard marks.contains(turn) else { throw APIError(.notYourTurn, "It is \(turn)'s turn.") }
        guard state.board[cell] == nil else { throw APIError(.cellOccupied, "\(cell.name) is already taken.") }
        let played = try await playComputer(in: try await play(cell, as: turn, by: user.id.rawValue, in: game))
        let view = played.view
        if view.phase == .live, let next = view.turn, let opponent = row.userID(of: next), opponent != user.id.rawValue {
            log(.yourTurn, view, to: [.user(UserID(rawValue: opponent))])
        }
        return view
    }

    func resign(_ id: GameID, as user: AuthenticatedUser) async throws -> GameView {
        let game = try await queries.game(id)
        let marks = game.row.marks(of: user.id)
        guard !marks.isEmpty else { throw APIError(.notAPlayer, "You are not playing in this game.") }
        guard game.row.gamePhase == .live else {
            throw game.row.gamePhase == .open
                ? APIError(.waitingForOpponent, "The game starts when an opponent joins.")
                : APIError(.gameOver, "This game is over.")
        }
        // In pass-and-play the side to move resigns.
        let state = try game.state()
        let loser = marks.count == 1 ? marks[0] : (state.turn ?? .x)
        return try await finish(game, winner: loser.opponent, reason: .resignation).view
    }

    // MARK: - Steps

    /// Appends one move to the log and the game, finishing the game when it ends.
    private func play(_ cell: Cell, as mark: Mark, by user: UUID?, in game: StoredGame) async throws -> StoredGame {
        let next = try game.state().playing(cell, as: mark)
        let number = next.moves.count
        // The time comes back as the database keeps it, so this answer and a later read agree.
        guard let stored = try await database.sql.insert(into: "moves")
            .columns("game_id", "number", "cell", "mark", "user_id", "played_at")
            .values(SQLBind(game.row.id), SQLBind(number), SQLBind(cell.index), SQLBind(mark.rawValue), SQLBind(user), SQLBind(now))
            .returning("played_at").first()
        else { throw APIError(.internalError, "Move \(number) was not stored.") }
        let move = MoveRow(gameId: game.row.id, number: number, cell: cell.index, mark: mark.rawValue,
                           playedAt: try stored.decode(column: "played_at", as: Date.self))
        let played = StoredGame(row: game.row, moves: game.moves + [move])
        switch next.status {
        case .inProgress:
            let advanced = StoredGame(row: try await advance(game.row, to: number), moves: played.moves)
            log(.movePlayed, advanced.view, to: [.game(game.row.gameID)])
            return advanced
        case .won(let winner, _):
            return try await finish(played, winner: winner, reason: .line)
        case .draw:
            return try await finish(played, winner: nil, reason: .draw)
        }
    }

    /// The computer's move when it is the computer's turn; the game as it is otherwise.
    private func playComputer(in game: StoredGame) async throws -> StoredGame {
        guard let mark = game.row.computerMark, let level = game.row.computerLevel, game.row.gamePhase == .live else {
            return game
        }
        let state = try game.state()
        guard state.turn == mark else { return game }
        // Seeded by the server's seed, the game and the move, so a game replays the same
        // way for the same seed and differs from game to game.
        let gameBits = withUnsafeBytes(of: game.row.id.uuid) { $0.loadUnaligned(as: UInt64.self) }
        var generator = SeededGenerator(seed: context.computerSeed ^ gameBits ^ UInt64(state.moves.count) &* 0x9E37_79B9_7F4A_7C15)
        guard let cell = ComputerPlayer(level: level).move(in: state, using: &generator) else { return game }
        return try await play(cell, as: mark, by: nil, in: game)
    }

    private func advance(_ row: GameRow, to moveCount: Int) async throws -> GameRow {
        try await database.sql.update("games")
            .set("move_count", to: moveCount).set("updated_at", to: now)
            .where("id", .equal, row.id).where("move_count", .equal, moveCount - 1)
            .run()
        var updated = row
        updated.moveCount = moveCount
        updated.updatedAt = now
        return updated
    }

    /// Ends a live game. Only one change can end it: a second finds it no longer live.
    func finish(_ row: GameRow, winner: Mark?, reason: GameResult.Reason, moveCount: Int) async throws -> GameRow {
        let ended = try await database.sql.update("games")
            .set("move_count", to: moveCount).set("updated_at", to: now)
            .set("phase", to: GamePhase.finished.rawValue)
            .set("winner", to: winner?.rawValue).set("result_reason", to: reason.rawValue)
            .where("id", .equal, row.id).where("phase", .equal, GamePhase.live.rawValue)
            .returning("id").all()
        guard !ended.isEmpty else { throw APIError(.gameOver, "This game is over.") }
        var updated = row
        updated.moveCount = moveCount
        updated.phase = GamePhase.finished.rawValue
        updated.winner = winner?.rawValue
        updated.resultReason = reason.rawValue
        updated.updatedAt = now
        return updated
    }

    /// Ends a live game and tells everyone concerned.
    func finish(_ game: StoredGame, winner: Mark?, reason: GameResult.Reason) async throws -> StoredGame {
        let row = try await finish(game.row, winner: winner, reason: reason, moveCount: game.moves.count)
        let finished = StoredGame(row: row, moves: game.moves)
        try await announceFinish(finished)
        return finished
    }

    private func announceFinish(_ game: StoredGame) async throws {
        let row = game.row
        let view = game.view
        let players = Array(Set([row.xUserId, row.oUserId].compactMap { $0 }))
        log(.gameFinished, view, to: [.game(row.gameID)] + players.map { .user(UserID(rawValue: $0)) }
            + (row.listed ? [.lobby] : []))
        try await announcePresence(of: players)
    }

    func log(_ kind: TopicEvent.Kind, _ view: GameView, to topics: [Topic]) {
        log(TopicEvent(kind: kind, game: view), to: topics)
    }

    /// Logs `event` on each of `topics`, to be stored with the change and published once
    /// it commits.
    func log(_ event: TopicEvent, to topics: [Topic]) {
        eventLog.log(event, to: topics)
    }
}
