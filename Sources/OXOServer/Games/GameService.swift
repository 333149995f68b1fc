import Fluent
import Foundation
import OXOProtocol
import SQLKit
import TicTacToe
import Vapor

/// Creating, joining, playing and resigning games. Every change runs in one write
/// transaction that also stores its events; the events are published only after the
/// commit, so nobody hears of a change that could still be lost.
struct GameService {
    let database: any Database
    let context: ServerContext

    init(database: any Database, context: ServerContext) {
        self.database = database
        self.context = context
    }

    init(_ request: Request) {
        self.init(database: request.db, context: request.application.oxo)
    }

    /// Runs `change` in a write transaction with an event log, then publishes what it
    /// logged.
    func commit<T: Sendable>(_ change: @escaping @Sendable (GameTransaction) async throws -> T) async throws -> T {
        let context = self.context
        let (result, events) = try await context.writeLogging(on: database) { db, log in
            try await change(GameTransaction(database: db, context: context, eventLog: log))
        }
        context.bus.publish(events)
        return result
    }

    func create(_ body: CreateGameRequest, by user: AuthenticatedUser) async throws -> GameView {
        let mode = body.mode ?? .online
        if mode == .computer, body.level == nil {
            throw APIError(.invalidRequest, "A game against the computer needs a 'level': easy, medium, hard or perfect.")
        }
        for _ in 0..<5 {
            do {
                return try await commit { try await $0.create(body, mode: mode, by: user) }
            } catch where (error as? any DatabaseError)?.isConstraintFailure == true {
                continue  // The share code was taken: draw another.
            }
        }
        throw APIError(.internalError, "No free game code was found; try again.")
    }

    func join(_ id: GameID, as user: AuthenticatedUser) async throws -> GameView {
        try await commit { try await $0.join(id, as: user) }
    }

    func move(_ id: GameID, cell: Int, moveNumber: Int, by user: AuthenticatedUser) async throws -> GameView {
        do {
            return try await commit { try await $0.move(id, cell: cell, moveNumber: moveNumber, by: user) }
        } catch where (error as? any DatabaseError)?.isConstraintFailure == true {
            // Another writer stored this move number first: answer as a retry would be.
            return try await commit { try await $0.move(id, cell: cell, moveNumber: moveNumber, by: user) }
        }
    }

    func resign(_ id: GameID, as user: AuthenticatedUser) async throws -> GameView {
        try await commit { try await $0.resign(id, as: user) }
    }

    func offerRematch(_ id: GameID, by user: AuthenticatedUser) async throws -> GameView {
        try await commit { try await $0.offerRematch(id, by: user) }
    }

    func claim(_ id: GameID, by user: AuthenticatedUser) async throws -> GameView {
        try await commit { try await $0.claim(id, by: user) }
    }

    func hint(_ id: GameID, for user: AuthenticatedUser) async throws -> Hint {
        let game = try await GameQueries(database: database).game(id)
        let row = game.row
        guard !row.marks(of: user.id).isEmpty else {
            throw APIError(.notAPlayer, "Only the players of this game can ask for a hint.")
        }
        let state = try game.state()
        guard row.gamePhase == .live, let turn = state.turn else {
            throw row.gamePhase == .open
                ? APIError(.waitingForOpponent, "The game starts when an opponent joins.")
                : APIError(.gameOver, "This game is over.")
        }
        guard row.marks(of: user.id).contains(turn) else {
            throw APIError(.notYourTurn, "It is \(turn)'s turn.")
        }
        return Hint(best: ComputerPlayer.bestMoves(in: state), evaluations: Analysis.evaluations(of: state))
    }
}
