import Fluent
import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe

/// Games' writes, on `change.games`: games, their moves and watchers.
package struct GameWrites: ChangeHandle { package let change: Change }

extension Change { package var games: GameWrites { GameWrites(change: self) } }

/// The changes to games, each made inside one change together with the events it
/// causes. Nothing here trusts the client: seats, turn and board all come from the
/// database, and `GameRules` decides before anything is written.
extension GameWrites {
    func create(_ body: CreateGameRequest, mode: GameMode, control: TimeControl, by user: AuthenticatedUser) async throws -> GameView {
        let me = user.id.rawValue
        let (x, o): (UUID?, UUID?) = switch mode {
        case .passAndPlay: (me, me)
        case .online, .computer: body.side == .x ? (me, nil) : (nil, me)
        }
        let listed = body.listed ?? (mode == .online)
        let row = try await insertGame(mode: mode, listed: listed, level: mode == .computer ? body.level : nil,
                                       x: x, o: o, creator: me, phase: mode == .online ? .open : .live,
                                       variant: body.variant ?? .classic, control: control)
        let view = try await playComputer(in: Played(try StoredGame(row: row, moves: []))).view
        // The creator's other devices hear of every new game; the lobby only of listed
        // games that wait for an opponent.
        log(.gameOpened(view), to: [.user(user.id)] + (mode == .online && listed ? [.lobby] : []))
        return view
    }

    /// Starts a game between two people with both seats taken (an accepted challenge, a
    /// random pairing, a rematch), and tells both. Unlisted unless told (a rematch of a
    /// listed game is listed): such a game is its two players' alone.
    func start(x: UUID, o: UUID, by creator: UUID, variant: Variant = .classic, control: TimeControl = .casual,
                   listed: Bool = false) async throws -> GameView {
        let row = try await insertGame(mode: .online, listed: listed, level: nil, x: x, o: o, creator: creator, phase: .live,
                                       variant: variant, control: control)
        let view = try StoredGame(row: row, moves: []).view
        log(.gameStarted(view), to: [.user(UserID(rawValue: x)), .user(UserID(rawValue: o))])
        return view
    }

    private func insertGame(mode: GameMode, listed: Bool, level: Level?, x: UUID?, o: UUID?, creator: UUID,
                            phase: GamePhase, variant: Variant, control: TimeControl) async throws -> GameRow {
        let created: [any Encodable & Sendable] = [UUID.random(), ShareCode.make(), mode.rawValue, listed, level?.rawValue, x, o,
                                                   creator, phase.rawValue, 0, String?.none, String?.none, now, now,
                                                   VariantColumn.value(of: variant)]
        let clocks = phase == .live ? GameRules.timingAtStart(control, at: now) : GameRules.Timing()
        let values = created + TimeControlColumns.bound(control) + GameStatements.values(of: clocks)
        guard let row = try await GameStatements.inserted.on(sql, values).first(decoding: GameRow.self)
        else { throw APIError(.internalError, "The new game was not stored.") }
        return row
    }

    /// A game whose creator and joiner are hidden from each other by a block is refused
    /// with `blocked`, whether found in the lobby, by id or by code.
    func join(_ id: GameID, as user: AuthenticatedUser) async throws -> GameView {
        let row = try await reads.games.row(id)
        let free = try GameRules.join(row, by: user.id)
        try GameRules.requireClock(row.timeControl, withBot: user.summary.bot)
        try await reads.games.refuseBotAtItsLimit(user, limit: context.configuration.botGamesAtOnce)
        try await Blocks.refuse(from: user.id.rawValue, toward: row.creatorId, on: sql)
        let seat: [any Encodable & Sendable] = [user.id.rawValue, GamePhase.live.rawValue, now, id.rawValue, GamePhase.open.rawValue]
        let clocks = GameStatements.values(of: GameRules.timingAtStart(row.timeControl, at: now))
        guard let seated = try await GameStatements.seated(free).on(sql, seat + clocks).first(decoding: GameRow.self)
        else { throw APIError(.seatTaken, "Someone else took the seat first.") }
        let view = try StoredGame(row: seated, moves: []).view
        log(.playerJoined(view), to: [.game(id), .user(UserID(rawValue: row.creatorId))] + (row.listed ? [.lobby] : []))
        return view
    }

    func move(_ id: GameID, cell: Int, moveNumber: Int, by user: AuthenticatedUser) async throws -> GameView {
        let game = try await liveGame(id)
        guard case .play(let cell, let mark) = try GameRules.move(cell: cell, number: moveNumber, by: user.id, in: game) else {
            return game.view
        }
        try GameRules.requireTime(game.row, at: now)
        let played = try await playComputer(in: try await play(cell, as: mark, by: user.id.rawValue, in: game))
        let view = played.view, row = played.game.row
        if view.phase == .live, let next = view.turn, let opponent = game.row.userID(of: next), opponent != user.id.rawValue {
            log(.yourTurn(view), to: [.user(UserID(rawValue: opponent))])
        }
        guard row.phase == .live else { return view }
        // A mover marked away plays over HTTP alone: the move is their sign of life. The
        // row changed then, and is not kept as the move left it.
        if game.row.absence(of: mark) != nil { return try await stillThere(user.id.rawValue, as: mark, in: id) ?? view }
        // Kept after the events on the game's topic were logged, which drop it.
        keptRows.keep(row, under: .game(id))
        return view
    }

    /// A game a move is played in: its row as kept (by SQLite's writer after the last move,
    /// by PostgreSQL's group that read it for the move), or read, and its moves as
    /// `LiveGames` kept them.
    private func liveGame(_ id: GameID) async throws -> StoredGame {
        guard let row = keptRows.row(.game(id), as: GameRow.self) else {
            return try await reads.games.game(id, kept: context[LiveGames.self])
        }
        return try await reads.games.game(row, kept: context[LiveGames.self])
    }

    func resign(_ id: GameID, as user: AuthenticatedUser) async throws -> GameView {
        let game = try await reads.games.game(id, kept: context[LiveGames.self])
        return try await finish(game, winner: try GameRules.resign(game, by: user.id), reason: .resignation).view
    }

    /// The player who stayed takes the win once the opponent has been away for the grace
    /// period, unless a clock ran out first: then the game ends on time, and the claim is
    /// answered with it so ended.
    func claim(_ id: GameID, by user: AuthenticatedUser) async throws -> GameView {
        let game = try await reads.games.game(id, kept: context[LiveGames.self])
        _ = try GameRules.seats(of: user.id, in: game.row)
        if let ended = try await settledOnTime(game) { return ended.view }
        return try await finish(game, winner: try GameRules.claim(game.row, by: user.id, at: now), reason: .abandoned).view
    }

    /// Appends one move to the log and the game, finishing the game when it ends.
    private func play(_ cell: Int, as mark: Mark, by user: UUID?, in game: StoredGame) async throws -> Played {
        let next = try game.state.playing(index: cell, as: mark)
        let number = next.moves.count
        let timing = GameRules.timing(after: mark, in: game.row, at: now, gameGoesOn: !next.status.isOver)
        let playedAt = try await storeMove(number, at: cell, as: mark, by: user, counting: next.status.isOver ? nil : timing,
                                           in: game.row)
        afterCommit { ServerMetrics.moveCommitted() }
        var played = game
        played.append(MoveRow(gameId: game.row.id, number: number, cell: cell, mark: mark, playedAt: playedAt), leadingTo: next)
        played.row.take(timing)
        switch next.status {
        case .inProgress:
            played.row.moveCount = number
            let view = played.view
            log(.movePlayed(view), to: [.game(game.row.gameID)])
            let (id, moves, liveGameMoves) = (game.row.id, played.moves, context[LiveGames.self])
            afterCommit { liveGameMoves.keep(moves, of: id) }
            return Played(game: played, view: view)
        case .won(let winner, _):
            return try await finish(played, winner: winner, reason: .line)
        case .draw:
            return try await finish(played, winner: nil, reason: .draw)
        }
    }

    /// Stores move `number` of the game `row` and answers its time as the database keeps it,
    /// so that this answer and a later read agree. A move the game goes on after also counts
    /// in the game's row, with the clocks `counting` (a casual game has none to write). On
    /// PostgreSQL that is one statement, whose insert is made only while the game is live and
    /// still counts the moves this change read; otherwise another process's move or end came
    /// first (`MoveNumberTaken`). A casual game's between two people is left for the group to
    /// make with its other moves' (`MovePlayed`): no round trip of its own.
    private func storeMove(_ number: Int, at cell: Int, as mark: Mark, by user: UUID?, counting timing: GameRules.Timing?,
                           in row: GameRow) async throws -> Date {
        let move: [any Encodable & Sendable] = [row.id, number, cell, mark.rawValue, user, now]
        let casual = row.timeControl.kind == .casual
        if timing != nil, casual, row.mode == .online, let user, let deferring = sql as? any DeferringWrites {
            try await deferring.defer(MovePlayed(game: row.id, number: number, cell: cell, mark: mark.rawValue, user: user,
                                                 playedAt: now))
            return now.asKeptByPostgres
        }
        if let timing, !sql.isSQLite {
            let statement = casual ? GameStatements.movePlayed : GameStatements.clockedMovePlayed
            let clocks = casual ? [] : GameStatements.values(of: timing)
            guard let stored = try await statement.on(sql, move + [number - 1] + clocks).first() else { throw MoveNumberTaken() }
            return try stored.decode(column: "played_at", as: Date.self)
        }
        guard let stored = try await GameStatements.moveInserted.on(sql, move).first()
        else { throw APIError(.internalError, "Move \(number) was not stored.") }
        if let timing {
            let counted: [any Encodable & Sendable] = [number, row.id, number - 1]
            if casual {
                try await GameStatements.moveCounted.on(sql, counted).run()
            } else {
                try await GameStatements.clockedMoveCounted.on(sql, counted + GameStatements.values(of: timing)).run()
            }
        }
        return try stored.decode(column: "played_at", as: Date.self)
    }

    /// The computer's move when it is the computer's turn and its move is quick to find
    /// (classic's); the game as it is otherwise. The variants the computer searches are
    /// played outside the writer's transaction (`ComputerTurns`), then `playComputer(_:cell:after:)`.
    private func playComputer(in played: Played) async throws -> Played {
        let game = played.game
        guard let mark = game.row.computerToMove(in: game.state), !ComputerTurns.searches(game.state.variant),
              let level = game.row.level
        else { return played }
        var generator = ComputerTurns.generator(for: game.row.id, after: game.state.moves.count, seed: context.computerSeed)
        guard let cell = ComputerPlayer(level: level).move(in: game.state, using: &generator) else { return played }
        return try await play(cell, as: mark, by: nil, in: game)
    }

    /// Plays the computer's move `cell`, found by a search outside this change, unless the
    /// game moved on meanwhile (it ended, or is no longer after move `count`): nil then.
    func playComputer(_ id: GameID, cell: Int, after count: Int) async throws -> GameView? {
        let game = try await liveGame(id)
        guard game.state.moves.count == count, let mark = game.row.computerToMove(in: game.state) else { return nil }
        return try await play(cell, as: mark, by: nil, in: game).view
    }

    /// Ends a live game and tells everyone concerned. Only one change can end it: a
    /// second finds it no longer live. One that read the game before another process's
    /// move was stored finds it moved on (`MoveNumberTaken`), and runs again.
    func finish(_ game: StoredGame, winner: Mark?, reason: GameResult.Reason) async throws -> Played {
        // The side to move, if the game ended other than by a move, is charged its turn.
        let timing = GameRules.stopped(game.row, running: game.state.turn, at: now)
        let ended = try await GameStatements.finished.on(sql, GameStatements.values(of: timing) + [
            game.moves.count, now, GamePhase.finished.rawValue, winner?.rawValue, reason.rawValue, game.row.id,
            GamePhase.live.rawValue, game.row.moveCount,
        ]).all()
        if ended.isEmpty {
            throw try await reads.games.row(game.row.gameID).phase == .live ? MoveNumberTaken() : GameRules.over
        }
        let (id, liveGameMoves) = (game.row.id, context[LiveGames.self])
        afterCommit { liveGameMoves.forget(id) }
        var finished = game
        finished.row.take(timing)
        finished.row.moveCount = game.moves.count
        finished.row.phase = .finished
        finished.row.winner = winner
        finished.row.resultReason = reason
        finished.row.updatedAt = now
        let row = finished.row, view = finished.view
        log(.gameFinished(view), to: [.game(row.gameID)] + row.players.map { .user(UserID(rawValue: $0)) }
            + (row.listed ? [.lobby] : []))
        return Played(game: finished, view: view)
    }
}

