import Foundation
import OXOCore
import OXOProtocol

/// A game that starts with a seated player who has no client connected starts with that
/// player away: whoever opened a listed game and closed the browser, or was paired a
/// moment before going, must not leave the opponent waiting with no countdown and no
/// claim. So every change that starts a game between two people marks its offline
/// players away, in the same transaction, exactly as if their last client had just gone.
/// The players' rows are held first, as a last client going holds them: otherwise, on
/// PostgreSQL, a client closing at the moment its player's game starts could see no game
/// to be away from while the start still saw the player online, and nobody would be away.
package enum AwayFromTheStart {
    package static let reaction = ChangeReaction("away from the start", sees: .theChange) { change, logged in
        let players = Array(logged.players(inGames: startedBetweenTwo))
        guard !players.isEmpty else { return }
        try await change.accounts.lockPlayers(players)
        // Those with a client on this process are online (`ConnectedHere`); the database is
        // asked about the others.
        let connectedHere = change.context[ConnectedHereKey.self]
        let unknown = players.filter { !connectedHere.isConnected($0) }
        guard !unknown.isEmpty else { return }
        let connected = try await change.reads.presence.connected(among: unknown)
        for user in unknown where !connected.contains(user) {
            try await change.games.markAway(user)
        }
    }

    /// The game between two people an event started; nil for any other event.
    private static func startedBetweenTwo(_ event: TopicEvent) -> GameView? {
        switch event {
        case .gameStarted(let game), .playerJoined(let game): game.mode == .online && game.phase == .live ? game : nil
        default: nil
        }
    }
}
