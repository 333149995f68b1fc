import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOPosix
import OXOCore
import OXOProtocol
import TicTacToe

/// The computer's moves in the variants it searches (four in a row, Gomoku, Ultimate).
/// A search takes up to a second of a core, far too long to hold SQLite's one writer:
/// the player's move is committed and answered first, the reply is searched on a thread
/// of NIO's shared pool, and then played in a change of its own, which every client
/// hears as the game's next event. Classic's moves are found at once and played in the
/// player's own change, as they always were.
///
/// A game is searched for once at a time. A search lost to a stop of the server starts
/// again when a player next looks at the game or moves in it.
package final class ComputerTurns: Sendable {
    private let searching = NIOLockedValueBox<Set<GameID>>([])

    /// Whether the computer's moves in `variant` are searched outside the player's change.
    static func searches(_ variant: Variant) -> Bool { variant != .classic }

    /// The computer's random choices, seeded by the server's seed, the game and the move,
    /// so that a game replays the same way for the same seed and differs from game to game.
    static func generator(for game: UUID, after moves: Int, seed: UInt64) -> SeededGenerator {
        let gameBits = withUnsafeBytes(of: game.uuid) { $0.loadUnaligned(as: UInt64.self) }
        return SeededGenerator(seed: seed ^ gameBits ^ UInt64(moves) &* 0x9E37_79B9_7F4A_7C15)
    }

    /// Starts the computer's reply in the game `view` shows, when it is the computer's
    /// turn there in a variant it searches and no search for it runs yet.
    package func reply(in view: GameView, store: Store) {
        guard view.mode == .computer, view.phase == .live, Self.searches(view.variant), let turn = view.turn,
              let level = view.seat(turn)?.computer,
              searching.withLockedValue({ $0.insert(view.id).inserted })
        else { return }
        let (id, variant, moves) = (view.id, view.variant, view.moves.map(\.cell))
        let seed = store.context.computerSeed
        Task {
            defer { searching.withLockedValue { _ = $0.remove(id) } }
            do {
                let cell = try await NIOThreadPool.singleton.runIfActive { () -> Int? in
                    guard let game = try? VariantGame(variant, moves: moves) else { return nil }
                    var generator = Self.generator(for: id.rawValue, after: moves.count, seed: seed)
                    return ComputerPlayer(level: level).move(in: game, using: &generator)
                }
                guard let cell else { return }
                _ = try await store.change { try await $0.games.playComputer(id, cell: cell, after: moves.count) }
            } catch {
                Logger(label: "oxo.computer").warning("the computer's move was not played",
                                                      metadata: ["game": "\(id)", "error": "\(error)"])
            }
        }
    }
}

/// The application's one `ComputerTurns`.
package enum ComputerTurnsKey: ContextKey {
    package static func make(_ configuration: ServerConfiguration) -> ComputerTurns { ComputerTurns() }
}
