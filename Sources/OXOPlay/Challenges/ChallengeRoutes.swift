import OXOCore
import OXOProtocol
import Vapor

package struct ChallengeRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        routes.on(Operations.createChallenge) { request in
            try await Reply(ChallengeService(store: request.store).create(request.decode(CreateChallengeRequest.self), by: request.user),
                            status: .created)
        }
        routes.on(Operations.challenges) { request in
            try await Reply(ChallengeList(challenges: request.store.reads.challenges.pending(for: request.user.id.rawValue)))
        }
        for (operation, answer) in [(Operations.markChallengeSeen, ChallengeService.Answer.seen), (Operations.acceptChallenge, .accept),
                                    (Operations.declineChallenge, .decline), (Operations.cancelChallenge, .cancel)] {
            routes.on(operation) { request in
                try await Reply(ChallengeService(store: request.store).respond(
                    request.parameter("challengeID", as: ChallengeID.self), answer, by: request.user))
            }
        }
    }
}
