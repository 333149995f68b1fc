import Foundation
import OXOProtocol

/// Tournaments: arenas and Swiss events. A paired player's game arrives as `game_started`
/// on their inbox like any other; `Tournament.you.nextGame` names it too.
extension OXOClient {
    /// Which tournaments the lobby lists.
    public enum TournamentListing: String, Sendable {
        /// Scheduled, soonest first.
        case upcoming
        case running
        /// Newest first.
        case finished
    }

    /// Creates an arena or a Swiss event; the caller is its creator (and is shown a private one's code).
    @discardableResult
    public func createTournament(_ request: CreateTournamentRequest) async throws -> Tournament {
        try await perform(Endpoints.createTournament(request))
    }

    /// The public tournaments in `listing`.
    public func tournaments(_ listing: TournamentListing = .upcoming) async throws -> [TournamentSummary] {
        try await perform(Endpoints.tournaments(listing.rawValue)).tournaments
    }

    /// A tournament with its standings, pairings and rules; a private one needs its `code`
    /// unless the caller created it, joined it or was invited.
    public func tournament(_ id: TournamentID, code: String? = nil) async throws -> Tournament {
        try await perform(Endpoints.tournament(id, code: code))
    }

    /// The standings of a tournament, leader first.
    public func standings(of id: TournamentID, code: String? = nil) async throws -> [TournamentStanding] {
        try await tournament(id, code: code).standings
    }

    /// The caller's game being played in a tournament, to open; nil between games.
    public func nextTournamentGame(in id: TournamentID) async throws -> GameView? {
        guard let game = try await tournament(id).you?.nextGame else { return nil }
        return try await self.game(game)
    }

    /// Joins (or comes back to) a tournament; joining twice changes nothing.
    @discardableResult
    public func joinTournament(_ id: TournamentID, code: String? = nil) async throws -> Tournament {
        try await perform(Endpoints.joinTournament(id, code: code))
    }

    /// Leaves a tournament: paired no more, points kept.
    @discardableResult
    public func leaveTournament(_ id: TournamentID) async throws -> Tournament {
        try await perform(Endpoints.leaveTournament(id))
    }

    /// Invites friends (the creator only).
    @discardableResult
    public func inviteToTournament(_ id: TournamentID, players: [UserID]) async throws -> Tournament {
        try await perform(Endpoints.inviteToTournament(id, players: players))
    }

    /// Cancels a tournament (its creator only); games being played finish and count for nothing more.
    @discardableResult
    public func cancelTournament(_ id: TournamentID) async throws -> Tournament {
        try await perform(Endpoints.cancelTournament(id))
    }

    /// The finished tournaments `player` played, with place, points and the winner's trophy.
    public func tournaments(of player: UserID) async throws -> [PlayedTournament] {
        try await perform(Endpoints.playerTournaments(player)).tournaments
    }
}
