import Foundation
import OXOCore
import OXOProtocol
import TicTacToe

/// The notifications other domains' changes cause, written in the same transaction from
/// the events those changes logged, so Games, Challenges and Accounts need not know the
/// inbox exists.
package enum NotificationReactions {
    package static func reaction(attention: any GameAttention) -> ChangeReaction {
        ChangeReaction("notifications", sees: .theChange) { change, logged in
            for entry in logged {
                switch entry.event {
                case .yourTurn(let game):
                    for case .user(let user) in entry.topics where !attention.isLooking(user, at: game.id) {
                        try await yourTurn(user.rawValue, in: game, change: change)
                    }
                case .challengeChanged(let challenge) where challenge.state == .pending && !challenge.seen:
                    try await change.notifications.notify(challenge.opponent.id.rawValue, .challengeReceived,
                                            actor: challenge.challenger.id.rawValue, challenge: challenge.id.rawValue)
                case .rematchChanged(let game):
                    guard let rematch = game.rematch, rematch.game == nil, rematch.offeredBy.count == 1,
                          let offerer = seat(of: rematch.offeredBy[0], in: game),
                          let other = seat(of: rematch.offeredBy[0].opponent, in: game)
                    else { continue }
                    try await change.notifications.notify(other, .rematchOffered, actor: offerer, game: game.id.rawValue)
                case .timeRunningOut(let game):
                    guard let turn = game.turn, let opponent = player(of: turn.opponent, in: game) else { continue }
                    for case .user(let user) in entry.topics {
                        try await change.notifications.notify(user.rawValue, .timeRunningOut, actor: opponent.id.rawValue, game: game.id.rawValue,
                                                knownActor: opponent)
                    }
                case .tournamentGame(let paired):
                    for case .user(let user) in entry.topics {
                        try await tournamentGame(user.rawValue, in: paired.game, change: change)
                    }
                case .playerRenamed(let player):
                    try await friendRenamed(player, change: change)
                default:
                    continue
                }
            }
        }
    }

    /// The inbox lists the games where it is a player's turn from the games themselves
    /// (`YourTurns`), so a move stores nothing for it: only the push to a closed app is queued.
    private static func yourTurn(_ user: UUID, in game: GameView, change: Change) async throws {
        guard let mover = game.turn.flatMap({ player(of: $0.opponent, in: game) }) else { return }
        try await push(.yourTurn, to: user, about: game, from: mover, change: change)
    }

    /// A tournament pairs players by itself, so a player with the app closed hears of their game
    /// by push, by the same rule as a turn (a client that is connected opens the game itself).
    private static func tournamentGame(_ user: UUID, in game: GameView, change: Change) async throws {
        guard let opponent = game.opponent(of: UserID(rawValue: user)) else { return }
        try await push(.tournamentGame, to: user, about: game, from: opponent, change: change)
    }

    /// A push about a game, never stored: a correspondence game's always; one played in a
    /// sitting only to a player with no client connected anywhere (one with a tab open hears
    /// it there).
    private static func push(_ kind: NotificationKind, to user: UUID, about game: GameView, from actor: PlayerSummary,
                             change: Change) async throws {
        try await change.notifications.pushNotification(user, kind, actor: actor.id.rawValue, game: game.id.rawValue, challenge: nil,
                                                        knownActor: actor, onlyWhenAway: game.timeControl?.kind != .correspondence)
    }

    /// Each friend hears the new name with the one they last saw.
    private static func friendRenamed(_ player: PlayerSummary, change: Change) async throws {
        for row in try await change.reads.friends.rows(of: player.id.rawValue) where row.accepted {
            let friend = row.other(than: player.id.rawValue)
            let seen = row.nameSeen(by: friend)
            guard seen != player.displayName else { continue }
            try await change.notifications.notify(friend, .friendRenamed, actor: player.id.rawValue, previousName: seen)
        }
    }

    private static func seat(of mark: Mark, in game: GameView) -> UUID? {
        player(of: mark, in: game)?.id.rawValue
    }

    private static func player(of mark: Mark, in game: GameView) -> PlayerSummary? {
        (mark == .x ? game.x : game.o)?.player
    }
}
