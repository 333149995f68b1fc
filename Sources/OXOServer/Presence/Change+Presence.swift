import Foundation
import OXOProtocol

extension Change {
    /// Tells everyone following presence what `users` are doing now; those offline are
    /// left out (their going offline is announced when their last client goes).
    func announcePresence(of users: some Collection<UUID>) async throws {
        for player in try await PresenceQueries(database: sql).online(among: Array(users)) {
            log(.presenceChanged(player), to: [.presence])
        }
    }
}

/// Presence follows the games: a player's status (lobby, playing) changes when a game
/// of theirs starts or ends, so every change that starts or ends games announces its
/// players' presence once, in the same transaction. Games need not know that presence
/// exists.
enum PresenceFollowsGames {
    static let reaction: ChangeReaction = { change, logged in
        let players = logged.players(inGames: startedOrEnded)
        if !players.isEmpty { try await change.announcePresence(of: players) }
    }

    /// The game an event started or ended for its players; nil for any other event. An
    /// open game that expired or was cancelled never involved its creator in play.
    private static func startedOrEnded(_ event: TopicEvent) -> GameView? {
        switch event {
        case .gameOpened(let game): game.phase == .live ? game : nil
        case .gameStarted(let game), .playerJoined(let game): game
        case .gameFinished(let game): neverPlayed.contains(game.result?.reason) ? nil : game
        default: nil
        }
    }

    private static let neverPlayed: Set<GameResult.Reason?> = [.expired, .cancelled]
}

extension [LoggedEvent] {
    /// The people seated in the games that `game` finds in these events.
    func players(inGames game: (TopicEvent) -> GameView?) -> Set<UUID> {
        Set(compactMap { game($0.event) }.flatMap { [$0.x, $0.o] }.compactMap { $0?.player?.id.rawValue })
    }
}
