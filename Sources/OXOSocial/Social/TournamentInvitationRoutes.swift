import OXOCore
import OXOPlay
import OXOProtocol
import Vapor

/// A tournament's creator invites friends (`POST /v1/tournaments/{id}/invitations`): here,
/// a level above the tournaments, because only Social knows who is whose friend. An
/// invited player sees a private tournament and joins it without its code.
package struct TournamentInvitationRoutes {
    package init() {}

    /// The most players one request invites.
    static let limit = 50

    package func register(signedIn routes: any RoutesBuilder) {
        routes.on(Operations.inviteToTournament) { request in
            let body = try await request.decode(TournamentInvitationRequest.self)
            guard !body.players.isEmpty, body.players.count <= Self.limit else {
                throw APIError(.invalidRequest, "'players' names 1 to \(Self.limit) friends.")
            }
            let me = try request.user.id.rawValue
            let friends = Set(try await request.store.reads.friends.friendIDs(of: me))
            if let stranger = body.players.first(where: { !friends.contains($0.rawValue) }) {
                throw APIError(.invalidRequest, "Only friends are invited; \(stranger) is not yours.")
            }
            return try await Reply(TournamentService(store: request.store).invite(
                request.parameter("tournamentID", as: TournamentID.self), players: body.players, by: request.user))
        }
    }
}
