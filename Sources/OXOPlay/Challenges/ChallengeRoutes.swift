import OXOCore
import OXOProtocol
import Vapor

package struct ChallengeRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        routes.post("v1", "challenges") { request in
            try await Reply(ChallengeService(store: request.store).create(request.decode(CreateChallengeRequest.self), by: request.user),
                            status: .created)
        }
        routes.get("v1", "challenges") { request in
            try await Reply(ChallengeList(challenges: ChallengeQueries(database: request.store.sql).pending(for: request.user.id.rawValue)))
        }
        for answer in [ChallengeService.Answer.seen, .accept, .decline, .cancel] {
            routes.post("v1", "challenges", ":challengeID", .constant(answer.rawValue)) { request in
                try await Reply(ChallengeService(store: request.store).respond(
                    request.parameter("challengeID", as: ChallengeID.self), answer, by: request.user))
            }
        }
    }
}
