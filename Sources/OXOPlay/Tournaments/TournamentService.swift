import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe

/// Tournaments as their routes and timer use them: each request one change, decided by
/// `TournamentRules` over rows read inside it.
package struct TournamentService {
    let store: Store

    package init(store: Store) {
        self.store = store
    }

    /// A new tournament; with a `key`, one sent again is answered with the tournament the
    /// first made, and counts nothing against the day's limit.
    func create(_ body: CreateTournamentRequest, by user: AuthenticatedUser, key: RequestKey? = nil) async throws -> Tournament {
        let me = user.id.rawValue
        let limit = store.context.configuration.tournamentsPerDay
        return try await store.change(once: key, id: { $0.id.rawValue }, earlier: { made, change in
            let reads = change.reads.tournaments
            return try await reads.view(of: try await reads.visibleRow(TournamentID(rawValue: made), to: me, code: nil), for: me)
        }) {
            try await Self.create(body, by: me, limit: limit, in: $0)
        }
    }

    private static func create(_ body: CreateTournamentRequest, by me: UUID, limit: Int, in change: Change) async throws -> Tournament {
        let body = try TournamentRules.check(body, now: change.now)
        let kind = try await PlayerNames.kinds(of: me, and: me, on: change.sql)[me]
        guard kind == .person else {
            throw APIError(.forbidden, "Only a registered player (not a guest, not a bot) creates a tournament.")
        }
        let made = try await change.reads.tournaments.created(by: me, since: change.now.addingTimeInterval(-24 * 3600))
        guard made < limit else {
            throw APIError(.tournamentLimitReached, "You have created \(limit) tournaments in the last 24 hours; that is a day's limit.")
        }
        let row = try await change.tournaments.create(body, by: me)
        return try await change.reads.tournaments.view(of: row, for: me)
    }

    func tournament(_ id: TournamentID, for user: AuthenticatedUser, code: String?) async throws -> Tournament {
        let reads = store.reads.tournaments
        let row = try await reads.visibleRow(id, to: user.id.rawValue, code: code)
        return try await reads.view(of: row, for: user.id.rawValue)
    }

    func join(_ id: TournamentID, code: String?, by user: AuthenticatedUser) async throws -> Tournament {
        let me = user.id.rawValue
        return try await store.change { change in
            let row = try await change.tournaments.locked(id)
            let queries = change.reads.tournaments
            let already = try await queries.player(me, in: row.id)
            if row.isPrivate, row.creatorId != me, already == nil,
               try await !queries.isInvited(me, to: row.id), !TournamentRules.matches(code, row.code) {
                // Someone with neither the code nor an invitation learns nothing of it.
                guard code != nil else { throw TournamentQueries.notFound(id) }
                throw APIError(.tournamentCodeRequired, "This tournament is private: join it with its code.")
            }
            if let already, !already.withdrawn { return try await queries.view(of: row, for: me) }
            try TournamentRules.requireOpen(row)
            if user.summary.bot, !row.botsAllowed { throw APIError(.botsNotAllowed, "Bots may not join this tournament.") }
            if row.kind == .arena || row.timeControl.kind == .clock {
                try GameRules.requireClock(row.timeControl, withBot: user.summary.bot)
            }
            let rating = try await change.reads.ratings.standing(of: user.id, pace: row.timeControl.pace, in: row.variant).rating.value
            try await change.tournaments.join(row, user: me, rating: rating)
            return try await queries.view(of: row, for: me)
        }
    }

    func leave(_ id: TournamentID, by user: AuthenticatedUser) async throws -> Tournament {
        let me = user.id.rawValue
        return try await store.change { change in
            let row = try await change.tournaments.locked(id)
            let queries = change.reads.tournaments
            guard try await queries.player(me, in: row.id) != nil else {
                _ = try await queries.visibleRow(id, to: me, code: nil)
                return try await queries.view(of: row, for: me)
            }
            if TournamentRules.isUnderway(row) { try await change.tournaments.leave(row, user: me) }
            return try await queries.view(of: row, for: me)
        }
    }

    func cancel(_ id: TournamentID, by user: AuthenticatedUser) async throws -> Tournament {
        let me = user.id.rawValue
        return try await store.change { change in
            let row = try await change.tournaments.locked(id)
            _ = try await change.reads.tournaments.visibleRow(id, to: me, code: nil)
            guard row.creatorId == me else {
                throw APIError(.notTournamentCreator, "Only the tournament's creator can cancel it.")
            }
            try await Self.cancel(row, in: change)
            return try await change.reads.tournaments.view(of: try await change.tournaments.locked(id), for: me)
        }
    }

    /// A moderator cancels any tournament, public or private (`DELETE /v1/admin/tournaments/{id}`):
    /// one named in bad taste, or one that floods the lobby.
    package func cancelAsModerator(_ id: TournamentID) async throws -> Tournament {
        try await store.change { change in
            try await Self.cancel(try await change.tournaments.locked(id), in: change)
            return try await change.reads.tournaments.view(of: try await change.tournaments.locked(id), for: nil)
        }
    }

    /// Games under way play on and count for ratings; nothing more is paired, and the
    /// standings stay as they were.
    private static func cancel(_ row: TournamentRow, in change: Change) async throws {
        guard TournamentRules.isUnderway(row) else {
            throw APIError(.tournamentClosed, "This tournament has finished or was cancelled already.")
        }
        try await change.tournaments.cancel(row)
    }

    /// Records invitations from the creator (the caller has checked they are friends), and
    /// hands the players invited for the first time to `tell`, in the same change, so each
    /// hears of it exactly once.
    package func invite(_ id: TournamentID, players: [UserID], by user: AuthenticatedUser,
                        tell: @escaping @Sendable (Change, [UUID]) async throws -> Void) async throws -> Tournament {
        let me = user.id.rawValue
        return try await store.change { change in
            let row = try await change.tournaments.locked(id)
            let queries = change.reads.tournaments
            _ = try await queries.visibleRow(id, to: me, code: nil)
            guard row.creatorId == me else {
                throw APIError(.notTournamentCreator, "Only the tournament's creator invites players.")
            }
            guard row.state == .scheduled || (row.state == .running && row.kind == .arena) else {
                throw APIError(.tournamentClosed, "This tournament takes no more players.")
            }
            try await tell(change, try await change.tournaments.invite(id, players: players.map(\.rawValue).filter { $0 != me }))
            return try await queries.view(of: row, for: me)
        }
    }

    /// The timer's beat: everything due in every tournament, each in its own change.
    package func runDue() async throws -> Int {
        var started = 0, failure: (any Error)?
        for id in try await store.reads.tournaments.due(at: store.context.clock.now) {
            // One tournament's trouble holds up none of the others.
            do { started += try await store.change { try await $0.tournaments.advance(id) } } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
        return started
    }

    /// Sends each tournament changed since the last batch to its topic: one
    /// `tournament_changed` a tournament, with the state it has now.
    package func publishChanges() async throws -> Int {
        let marked = store.context[TournamentChanges.self].take()
        for id in marked {
            try await store.change { change in
                guard let view = try await change.reads.tournaments.publicView(id) else { return }
                change.log(.tournamentChanged(view), to: [.tournament(id)])
            }
        }
        return marked.count
    }
}
