import Fluent
import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe
import Vapor

/// One player asks an online player for a game; the other sees it, then accepts or
/// declines, or the challenger cancels, or it expires. An answer counts only if it moves
/// the challenge on while it is still waiting (`change.challenges.settle`), so of two
/// answers given at once (or one accept sent twice) exactly one counts and at most one
/// game starts.
package struct ChallengeService {
    enum Answer: String {
        case seen, accept, decline, cancel
    }

    let store: Store

    package init(store: Store) {
        self.store = store
    }

    func create(_ body: CreateChallengeRequest, by user: AuthenticatedUser) async throws -> Challenge {
        let (me, opponent) = (user.id.rawValue, body.opponent.rawValue)
        guard opponent != me else { throw APIError(.invalidRequest, "You cannot challenge yourself.") }
        let control = try GameRules.timeControl(body.timeControl, for: .online)
        // A correspondence game needs nobody at the screen: its challenge may wait for days.
        let byPost = control.kind == .correspondence
        let lifetime = byPost ? store.context.configuration.correspondenceChallengeLifetime : store.context.configuration.challengeLifetime
        let limit = store.context.configuration.waitingChallengeLimit
        do {
            return try await store.change { change in
                let database = change.sql
                guard let challenged = try await PlayerNames.summary(of: opponent, on: database) else {
                    throw APIError(.playerNotFound, "There is no player \(body.opponent).")
                }
                try GameRules.requireClock(control, withBot: challenged.bot || user.summary.bot)
                if challenged.bot {
                    try await PlayerBotService.refuse(body.opponent, playing: body.variant ?? .classic, randomly: false, on: database)
                }
                try await Blocks.refuse(from: me, toward: opponent, on: database)
                if !byPost, try await !database.reads.presence.isOnline(opponent) {
                    throw APIError(.playerOffline, "That player is not online.")
                }
                let made = try await change.reads.challenges.select()
                    .where("challenger_id", .equal, me).where("state", .equal, Challenge.State.pending.rawValue).all()
                guard made.count < limit else {
                    throw TooManyAttempts(
                        retryAfter: lifetime,
                        "You have \(limit) challenges waiting for an answer; wait for one before making another")
                }
                let waiting = try await change.reads.challenges.select()
                    .where("pair_key", .equal, ChallengeQueries.pairKey(me, opponent))
                    .where("state", .equal, Challenge.State.pending.rawValue).first()
                guard waiting == nil else { throw Self.alreadyPending }
                return try await change.challenges.create(from: me, to: opponent, side: body.side ?? .x,
                                                          variant: body.variant ?? .classic, control: control, lifetime: lifetime)
            }
        } catch where (error as? any DatabaseError)?.isConstraintFailure == true {
            throw Self.alreadyPending  // Both asked at the same moment on PostgreSQL.
        }
    }

    func respond(_ id: ChallengeID, _ answer: Answer, by user: AuthenticatedUser) async throws -> Challenge {
        try await store.change { change in
            let row = try await change.reads.challenges.row(id, for: user.id)
            let party = answer == .cancel ? row.challengerId : row.opponentId
            guard party == user.id.rawValue else {
                throw APIError(.forbidden, answer == .cancel
                    ? "Only the challenger can cancel a challenge." : "Only the challenged player can answer a challenge.")
            }
            guard row.state == .pending, row.expiresAt > change.now else {
                throw APIError(.challengeClosed, "This challenge is no longer waiting for an answer.")
            }
            if answer == .seen, row.seen { return try await change.reads.challenges.view(of: row) }
            if answer == .accept {
                try await change.reads.games.refuseBotAtItsLimit(user, limit: change.context.configuration.botGamesAtOnce)
            }
            guard try await change.challenges.settle(id, answer) else {
                throw APIError(.challengeClosed, "This challenge is no longer waiting for an answer.")
            }
            if answer == .accept {
                let (x, o) = row.side == .x ? (row.challengerId, row.opponentId) : (row.opponentId, row.challengerId)
                let game = try await change.games.start(x: x, o: o, by: row.opponentId, variant: row.variant, control: row.timeControl)
                try await change.challenges.recordGame(game.id, of: id)
            }
            return try await change.challenges.announce(id)
        }
    }

    private static let alreadyPending = APIError(.challengePending, "There is already a challenge waiting between you two.")
}
