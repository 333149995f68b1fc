import Foundation
import OXOProtocol

/// The operations of tournaments: arenas and Swiss events.
extension Endpoints {
    static func createTournament(_ request: CreateTournamentRequest) -> Endpoint<Tournament> {
        Endpoint(Operations.createTournament, body: request)
    }

    static func tournaments(_ state: String) -> Endpoint<TournamentList> {
        Endpoint(Operations.tournaments, query: [URLQueryItem(name: "state", value: state)])
    }

    static func tournament(_ id: TournamentID, code: String?) -> Endpoint<Tournament> {
        Endpoint(Operations.tournament, id, query: code.map { [URLQueryItem(name: "code", value: $0)] } ?? [])
    }

    static func joinTournament(_ id: TournamentID, code: String?) -> Endpoint<Tournament> {
        Endpoint(Operations.joinTournament, id, body: JoinTournamentRequest(code: code))
    }

    static func leaveTournament(_ id: TournamentID) -> Endpoint<Tournament> {
        Endpoint(Operations.leaveTournament, id)
    }

    static func inviteToTournament(_ id: TournamentID, players: [UserID]) -> Endpoint<Tournament> {
        Endpoint(Operations.inviteToTournament, id, body: TournamentInvitationRequest(players: players))
    }

    static func cancelTournament(_ id: TournamentID) -> Endpoint<Tournament> {
        Endpoint(Operations.cancelTournament, id)
    }

    static func playerTournaments(_ player: UserID) -> Endpoint<PlayedTournamentList> {
        Endpoint(Operations.playerTournaments, player)
    }
}
