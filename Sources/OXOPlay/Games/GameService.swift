import Fluent
import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe
import NIOPosix
import Vapor

/// What the routes and the socket ask of games: each change runs through the store,
/// once, or again where a race with another writer makes that the right answer.
package struct GameService {
    let store: Store

    package init(store: Store) {
        self.store = store
    }

    /// A new game; with a `key`, one sent again is answered with the game the first made.
    func create(_ body: CreateGameRequest, by user: AuthenticatedUser, key: RequestKey? = nil) async throws -> GameView {
        let mode = body.mode ?? .online
        if mode == .computer, body.level == nil {
            throw APIError(.invalidRequest, "A game against the computer needs a 'level': easy, medium, hard or perfect.")
        }
        let control = try GameRules.timeControl(body.timeControl, for: mode)
        try GameRules.requireClock(control, withBot: mode == .online && user.summary.bot)
        for _ in 0..<5 {
            do {
                let view = try await store.change(once: key, id: { $0.id.rawValue },
                                                  earlier: { try await $1.reads.games.game(GameID(rawValue: $0)).view }) {
                    try await $0.games.create(body, mode: mode, control: control, by: user)
                }
                computerReplies(in: view)
                return view
            } catch where (error as? any DatabaseError)?.isConstraintFailure == true {
                continue  // The share code was taken: draw another.
            }
        }
        throw APIError(.internalError, "No free game code was found; try again.")
    }

    /// Joins the game named by its id or its share code, unless a block hides its creator
    /// and the joiner from each other. An id is not looked up first: the change reads the
    /// game anyway, and answers `game_not_found` for an unknown one.
    /// The game as it stands, for anyone it is revealed to. A player of it marked away (no
    /// client connected) who asks is there for now: a player who plays over HTTP alone
    /// shows no other sign of life (`Change.stillThere`).
    func look(at reference: String, by user: AuthenticatedUser) async throws -> GameView {
        let queries = store.reads.games
        let row = try await queries.row(reference: reference)
        try GameRules.reveal(row, to: user.id)
        let away = row.phase == .live ? row.marks(of: user.id).filter { row.absence(of: $0) != nil } : []
        guard !away.isEmpty else {
            let view = try await GameViews(database: store.sql).view(of: row)
            computerReplies(in: view)
            return view
        }
        try await store.change { change in
            for mark in away { try await change.games.stillThere(user.id.rawValue, as: mark, in: row.gameID) }
        }
        return try await queries.game(row.gameID).view
    }

    func join(_ reference: String, as user: AuthenticatedUser) async throws -> GameView {
        let id = if let id = GameID(reference) { id } else {
            try await store.reads.games.row(reference: reference).gameID
        }
        let connectedHere = store.context[ConnectedHereKey.self]
        let (joined, bothHere) = try await store.change { change in
            let joined = try await change.games.join(id, as: user)
            // Both counted here (`ConnectedHere`): the reaction finds both online and marks neither away.
            return (joined, [joined.x, joined.o].allSatisfy { $0?.player.map { connectedHere.isConnected($0.id.rawValue) } == true })
        }
        guard joined.mode == .online, joined.phase == .live, !bothHere else { return joined }
        // Read again once committed: a player with no client connected was marked away by
        // a reaction in the same transaction (`AwayFromTheStart`), after the join made its view.
        return try await store.reads.games.game(id).view
    }

    package func move(_ id: GameID, cell: Int, moveNumber: Int, by user: AuthenticatedUser) async throws -> GameView {
        try await withCheckedThrowingContinuation { continuation in
            move(id, cell: cell, moveNumber: moveNumber, by: user) { continuation.resume(with: $0) }
        }
    }

    /// Plays the move and calls `answer` with the game once it is committed, or with the
    /// refusal. On SQLite no task waits for it, so a socket hands its move to the writer
    /// from its event loop and is answered from the writer's thread.
    package func move(_ id: GameID, cell: Int, moveNumber: Int, by user: AuthenticatedUser,
                      answer: @escaping @Sendable (Result<GameView, any Error>) -> Void) {
        let store = store
        let answer: @Sendable (Result<GameView, any Error>) -> Void = { result in
            if case .success(let view) = result { GameService(store: store).computerReplies(in: view) }
            answer(result)
        }
        store.changeGames(reading: RowRead(id.rawValue, of: GameQueries.manyRows), {
            try await $0.games.move(id, cell: cell, moveNumber: moveNumber, by: user)
        }, answer: answer)
    }

    /// Starts the computer's reply when it is to move in a variant it searches (`ComputerTurns`).
    private func computerReplies(in view: GameView) {
        store.context[ComputerTurnsKey.self].reply(in: view, store: store)
    }

    func cancel(_ id: GameID, by user: AuthenticatedUser) async throws -> GameView {
        try await store.change { try await $0.games.cancel(id, by: user) }
    }

    func resign(_ id: GameID, as user: AuthenticatedUser) async throws -> GameView {
        try await store.changeGames { try await $0.games.resign(id, as: user) }
    }

    func offerRematch(_ id: GameID, by user: AuthenticatedUser) async throws -> GameView {
        try await store.change { try await $0.games.offerRematch(id, by: user) }
    }

    func claim(_ id: GameID, by user: AuthenticatedUser) async throws -> GameView {
        try await store.changeGames { try await $0.games.claim(id, by: user) }
    }

    func hint(_ id: GameID, for user: AuthenticatedUser) async throws -> Hint {
        let game = try await store.reads.games.game(id)
        try GameRules.hint(game, for: user.id)
        let state = game.state
        // Gomoku's and Ultimate's are searches of up to a second: off the event loop.
        let evaluations = try await NIOThreadPool.singleton.runIfActive { VariantAnalysis.evaluations(of: state) }
        let source = VariantAnalysis.source(for: state.variant)
        let top = evaluations.map(\.score).max()
        // A solved variant's best are the perfect player's picks among its equal values.
        return Hint(best: source == .solver ? VariantAnalysis.bestMoves(in: state) : evaluations.filter { $0.score == top }.map(\.index),
                    source: source,
                    evaluations: evaluations.map { Hint.Evaluation(cell: $0.index, outcome: $0.outcome, score: $0.score) })
    }
}

/// Another process stored the move of this number first, after this change read the game
/// (PostgreSQL), so the move, or the game's end, this change decided on is stale: the
/// change runs again, and answers as it would have, had it come second.
struct MoveNumberTaken: Error {
    /// A change that lost the race again (a third move came in between) is refused as stale.
    static func explained(_ error: any Error) -> any Error {
        guard error is MoveNumberTaken else { return error }
        return APIError(.staleState, "Another move of this game was played at the same moment; load the game again.")
    }
}

extension Request {
    var games: GameService { GameService(store: store) }
}
