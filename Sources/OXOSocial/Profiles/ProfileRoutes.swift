import OXOCore
import OXOProtocol
import Vapor

/// Players' profiles: anyone signed in may read anyone's.
package struct ProfileRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        routes.on(Operations.profile) { request in
            try await Reply(ProfileQuery(database: request.store.sql)
                .profile(of: request.parameter("userID", as: UserID.self), viewer: request.user.id))
        }
        routes.on(Operations.myProfile) { request in
            try await Reply(ProfileQuery(database: request.store.sql).profile(of: request.user.id, viewer: request.user.id))
        }
    }
}
