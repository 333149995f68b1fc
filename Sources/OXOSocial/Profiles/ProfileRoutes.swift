import OXOCore
import OXOProtocol
import Vapor

/// Players' profiles: anyone signed in may read anyone's.
package struct ProfileRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        routes.on(Operations.profile) { request in
            let player = try request.parameter("userID", as: UserID.self)
            // Another's profile may be a moment old (`StandbyReads`); one's own shows what one just did.
            let database = try player == request.user.id ? request.store.sql : request.staleReadSQL
            return try await Reply(ProfileQuery(database: database).profile(of: player, viewer: request.user.id))
        }
        routes.on(Operations.myProfile) { request in
            try await Reply(ProfileQuery(database: request.store.sql).profile(of: request.user.id, viewer: request.user.id))
        }
    }
}
