// The operations of one part of the API; `Operations.all` lists every part.

extension Operations {
    /// Create a tournament
    public static let createTournament = APIOperation<CreateTournamentRequest, Tournament>(.POST, "/v1/tournaments", id: "createTournament")
    /// Tournaments
    public static let tournaments = APIOperation<NoBody, TournamentList>(.GET, "/v1/tournaments", id: "tournaments")
    /// A tournament
    public static let tournament = APIOperation<NoBody, Tournament>(.GET, "/v1/tournaments/{tournamentID}", id: "tournament")
    /// Join a tournament
    public static let joinTournament = APIOperation<JoinTournamentRequest, Tournament>(
        .POST, "/v1/tournaments/{tournamentID}/join", id: "joinTournament")
    /// Leave a tournament
    public static let leaveTournament = APIOperation<NoBody, Tournament>(.POST, "/v1/tournaments/{tournamentID}/leave", id: "leaveTournament")
    /// Invite friends to a tournament
    public static let inviteToTournament = APIOperation<TournamentInvitationRequest, Tournament>(
        .POST, "/v1/tournaments/{tournamentID}/invitations", id: "inviteToTournament")
    /// Cancel a tournament
    public static let cancelTournament = APIOperation<NoBody, Tournament>(.POST, "/v1/tournaments/{tournamentID}/cancel", id: "cancelTournament")
    /// A player's tournaments
    public static let playerTournaments = APIOperation<NoBody, PlayedTournamentList>(
        .GET, "/v1/players/{userID}/tournaments", id: "playerTournaments")

    static let tournamentOperations: [OperationSpec] = [
        createTournament.spec, tournaments.spec, tournament.spec, joinTournament.spec, leaveTournament.spec,
        inviteToTournament.spec, cancelTournament.spec, playerTournaments.spec,
    ]
}
