import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import Vapor

package struct TournamentRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        routes.on(Operations.createTournament) { request in
            let key = try RequestKey.of(request, user: request.user.id.rawValue, kind: .tournament)
            return try await Reply(TournamentService(store: request.store).create(request.decode(CreateTournamentRequest.self),
                                                                                  by: request.user, key: key), status: .created)
        }
        routes.on(Operations.tournaments) { request in
            let word = (try? request.query.get(String.self, at: "state")) ?? "upcoming"
            let state: TournamentState
            switch word {
            case "upcoming", "scheduled": state = .scheduled
            case "running": state = .running
            case "finished": state = .finished
            default: throw APIError(.invalidRequest, "'state' is upcoming, running or finished.")
            }
            return try await Reply(TournamentList(tournaments: request.store.reads.tournaments.list(state)))
        }
        routes.on(Operations.tournament) { request in
            try await Reply(TournamentService(store: request.store).tournament(
                request.parameter("tournamentID", as: TournamentID.self), for: request.user, code: try? request.query.get(String.self, at: "code")))
        }
        routes.on(Operations.joinTournament) { request in
            let body = try await request.decodeIfSent(JoinTournamentRequest.self) ?? JoinTournamentRequest()
            return try await Reply(TournamentService(store: request.store).join(
                request.parameter("tournamentID", as: TournamentID.self), code: body.code, by: request.user))
        }
        routes.on(Operations.leaveTournament) { request in
            try await Reply(TournamentService(store: request.store).leave(request.parameter("tournamentID", as: TournamentID.self), by: request.user))
        }
        routes.on(Operations.cancelTournament) { request in
            try await Reply(TournamentService(store: request.store).cancel(request.parameter("tournamentID", as: TournamentID.self), by: request.user))
        }
        routes.on(Operations.playerTournaments) { request in
            let player = try request.parameter("userID", as: UserID.self)
            guard try await PlayerNames.summary(of: player.rawValue, on: request.store.sql) != nil else {
                throw APIError(.playerNotFound, "There is no player \(player).")
            }
            return try await Reply(PlayedTournamentList(tournaments: request.store.reads.tournaments.played(by: player.rawValue)))
        }
    }
}
