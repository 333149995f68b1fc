import Fluent
import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe

/// *Play random*: a player is seated in an open listed game of someone online, or paired
/// with the player who has waited longest, or waits in the queue until someone comes; all
/// of one variant and time control, so that nobody who asked for a casual game of classic
/// finds a clock running, or a Gomoku board.
/// Every call runs alone (SQLite's writer is one at a time; on PostgreSQL an advisory
/// lock makes it so), so two waiting players are paired exactly once and nobody is
/// paired with themselves, nor with a player a block hides from them.
struct MatchmakingService {
    let store: Store

    /// Pairs or queues the player for games of the variant and control `body` asks for
    /// (classic and casual when it names none). A player waiting for others waits for
    /// these instead.
    func play(as user: AuthenticatedUser, _ body: PlayRandomRequest) async throws -> MatchmakingStatus {
        let control = try GameRules.timeControl(body.timeControl, for: .online)
        let variant = body.variant ?? .classic
        try GameRules.requireClock(control, withBot: user.summary.bot)
        return try await store.change { change in
            let me = user.id.rawValue
            if user.summary.bot {
                try await PlayerBotService.refuse(user.id, playing: variant, randomly: true, on: change.sql)
                try await change.reads.games.refuseBotAtItsLimit(user, limit: change.context.configuration.botGamesAtOnce)
            }
            try await change.serialize(on: Self.advisoryLockKey)
            if let wait = try await change.reads.presence.wait(of: me) {
                guard wait.control != control || wait.variant != variant else { return Self.status(of: wait) }
                try await change.presence.stopWaiting(me)
            }
            if let game = try await Self.joinOpenGame(of: variant, control, as: user, in: change) {
                return MatchmakingStatus(state: .matched, game: game)
            }
            if let partner = try await change.presence.takeLongestWaiting(for: variant, control, except: me,
                                                                 hiding: Blocks.hidden(from: me, "user_id")) {
                let (x, o) = Bool.random() ? (me, partner) : (partner, me)
                return MatchmakingStatus(state: .matched,
                                         game: try await change.games.start(x: x, o: o, by: me, variant: variant, control: control))
            }
            // Read back as stored, so every later answer gives the very same time.
            return try await change.presence.startWaiting(me, for: variant, control).map(Self.status) ?? MatchmakingStatus(state: .idle)
        }
    }

    private static func status(of wait: PresenceQueries.Wait) -> MatchmakingStatus {
        MatchmakingStatus(state: .waiting, since: wait.since, timeControl: wait.control, variant: wait.variant)
    }

    /// Seats the player in the oldest open listed game of `variant` and `control` of someone
    /// online, if there is one.
    private static func joinOpenGame(of variant: Variant, _ control: TimeControl, as user: AuthenticatedUser,
                                     in change: Change) async throws -> GameView? {
        let me = user.id.rawValue
        let games = change.reads.games
        guard let open = try await games.oldestOpenGame(of: variant, control, notCreatedBy: me, creatorMay: { creator in
            "\(PresenceQueries.isOnline(creator)) AND NOT \(Blocks.hidden(from: me, creator))"
        }) else { return nil }
        do {
            let game = try await change.games.join(open, as: user)
            change.log(.gameStarted(game), to: [.user(user.id)])
            return game
        } catch let error as APIError where error.code == .seatTaken {
            return nil  // Someone joined it directly a moment before: wait in the queue instead.
        }
    }

    func status(of user: AuthenticatedUser) async throws -> MatchmakingStatus {
        try await store.reads.presence.wait(of: user.id.rawValue).map(Self.status) ?? MatchmakingStatus(state: .idle)
    }

    func leave(as user: AuthenticatedUser) async throws -> MatchmakingStatus {
        try await store.change { try await $0.presence.stopWaiting(user.id.rawValue) }
        return MatchmakingStatus(state: .idle)
    }

    /// An arbitrary number that nothing else of the server serializes on.
    private static let advisoryLockKey: Int64 = 0x0_C5A7
}
