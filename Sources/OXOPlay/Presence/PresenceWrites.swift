import Foundation
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe

/// Presence's writes, on `change.presence`: who is connected, waiting or last seen.
package struct PresenceWrites: ChangeHandle { package let change: Change }

extension Change { package var presence: PresenceWrites { PresenceWrites(change: self) } }

extension PresenceWrites {
    /// Puts `user` among the players waiting for *Play random* for games of `variant` and
    /// `control` and tells everyone; returns the wait, as stored.
    func startWaiting(_ user: UUID, for variant: Variant, _ control: TimeControl) async throws -> PresenceQueries.Wait? {
        try await sql.insert(into: "match_queue").columns(["user_id", "since", "variant"] + TimeControlColumns.names)
            .values([SQLBind(user), SQLBind(now), SQLBind(VariantColumn.value(of: variant))] + TimeControlColumns.values(of: control))
            .run()
        try await announce(of: [user])
        return try await reads.presence.wait(of: user)
    }

    /// Takes `user` out of the players waiting for *Play random*, telling everyone when
    /// they were waiting.
    func stopWaiting(_ user: UUID) async throws {
        let left = try await Self.waitEnded.on(sql, user).all()
        if !left.isEmpty { try await announce(of: [user]) }
    }

    /// Written once: a player's last socket going runs it.
    private static let waitEnded = FixedStatement("DELETE FROM match_queue WHERE user_id = $1 RETURNING user_id")

    /// Takes out the player who has waited longest for *Play random* for games of `variant`
    /// and `control`, other than `user` and those `hiding` (a condition over `user_id`)
    /// holds for, to be paired with them (the game that starts announces both).
    func takeLongestWaiting(for variant: Variant, _ control: TimeControl, except user: UUID,
                            hiding: SQLQueryString) async throws -> UUID? {
        try await sql.raw("""
            DELETE FROM match_queue WHERE user_id =
            (SELECT user_id FROM match_queue WHERE user_id <> \(bind: user) AND \(VariantColumn.matching(variant))
            AND \(TimeControlColumns.matching(control))
            AND NOT (\(hiding)) ORDER BY since, user_id LIMIT 1)
            RETURNING user_id
            """).first()?.decode(column: "user_id", as: UUID.self)
    }

    /// Tells everyone following presence what `users` are doing now; those offline are
    /// left out (their going offline is announced when their last client goes).
    func announce(of users: some Collection<UUID>) async throws {
        for player in try await reads.presence.online(among: Array(users)) {
            log(.presenceChanged(player), to: [.presence])
        }
    }
}

/// Presence follows the games: a player's status (lobby, playing) changes when a game
/// of theirs starts or ends, so every change that starts or ends games announces its
/// players' presence once, in the same transaction. Games need not know that presence
/// exists.
package enum PresenceFollowsGames {
    package static let reaction = ChangeReaction("presence follows games", sees: .theChange) { change, logged in
        let players = logged.players(inGames: startedOrEnded)
        if !players.isEmpty { try await change.presence.announce(of: players) }
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
