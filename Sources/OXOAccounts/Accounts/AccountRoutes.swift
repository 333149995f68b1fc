import OXOCore
import OXOProtocol
import Vapor

package struct AccountRoutes {
    package init() {}

    package func register(public routes: any RoutesBuilder, signedIn: any RoutesBuilder) {
        routes.on(Operations.register) { request in
            try await Reply(AccountService(request).register(request.decode(RegisterRequest.self)), status: .created)
        }
        routes.on(Operations.playAsGuest) { request in
            try await Reply(AccountService(request).registerGuest(request.decode(GuestRequest.self)), status: .created)
        }
        routes.on(Operations.signIn) { request in
            try await Reply(AccountService(request).login(request.decode(LoginRequest.self)), status: .created)
        }
        signedIn.on(Operations.listSessions) { request in
            try await Reply(AccountService(request).sessions(of: request.user))
        }
        // Only `?except=current` for now: ending every session, this one too, is signing out.
        signedIn.on(Operations.endOtherSessions) { request in
            guard (try? request.query.get(String.self, at: "except")) == "current" else {
                throw APIError(.invalidRequest, "Say which session to keep: DELETE /v1/sessions?except=current.")
            }
            return try await Reply(AccountService(request).endOtherSessions(of: request.user))
        }
        signedIn.on(Operations.signOut) { request in
            try await AccountService(request).revoke(request.user.sessionID, of: request.user)
            return Response(status: .noContent)
        }
        signedIn.on(Operations.revokeSession) { request in
            try await AccountService(request).revoke(request.parameter("sessionID", as: OXOProtocol.SessionID.self), of: request.user)
            return Response(status: .noContent)
        }
        signedIn.on(Operations.getMe) { request in
            try await Reply(AccountService(request).me(request.user))
        }
        signedIn.on(Operations.registerGuest) { request in
            try await Reply(AccountService(request).register(guest: request.user, as: request.decode(RegisterRequest.self)))
        }
        signedIn.on(Operations.updateMe) { request in
            try await Reply(AccountService(request).update(request.user, request.decode(UpdateMeRequest.self)))
        }
        // The one route with a large body: it streams, and reads up to a photo's limit itself.
        signedIn.on(Operations.setAvatar, body: .stream) { request in
            try await Reply(UploadBody.receive(request, from: request.user.id.description) { photo in
                try await AccountService(request).setAvatar(of: request.user, to: photo)
            })
        }
        signedIn.on(Operations.removeAvatar) { request in
            try await Reply(AccountService(request).removeAvatar(of: request.user))
        }
        signedIn.on(Operations.getUser) { request in
            try await Reply(AccountService(request).player(request.parameter("userID", as: UserID.self)))
        }
    }
}
