import OXOCore
import OXOProtocol
import Vapor

package struct AccountRoutes {
    package init() {}

    package func register(public routes: any RoutesBuilder, signedIn: any RoutesBuilder) {
        routes.post("v1", "accounts") { request in
            try await Reply(AccountService(request).register(request.decode(RegisterRequest.self)), status: .created)
        }
        routes.post("v1", "guests") { request in
            try await Reply(AccountService(request).registerGuest(request.decode(GuestRequest.self)), status: .created)
        }
        routes.post("v1", "sessions") { request in
            try await Reply(AccountService(request).login(request.decode(LoginRequest.self)), status: .created)
        }
        signedIn.get("v1", "sessions") { request in
            try await Reply(AccountService(request).sessions(of: request.user))
        }
        // Only `?except=current` for now: ending every session, this one too, is signing out.
        signedIn.delete("v1", "sessions") { request in
            guard (try? request.query.get(String.self, at: "except")) == "current" else {
                throw APIError(.invalidRequest, "Say which session to keep: DELETE /v1/sessions?except=current.")
            }
            return try await Reply(AccountService(request).endOtherSessions(of: request.user))
        }
        signedIn.delete("v1", "sessions", "current") { request in
            try await AccountService(request).revoke(request.user.sessionID, of: request.user)
            return Response(status: .noContent)
        }
        signedIn.delete("v1", "sessions", ":sessionID") { request in
            try await AccountService(request).revoke(request.parameter("sessionID", as: OXOProtocol.SessionID.self), of: request.user)
            return Response(status: .noContent)
        }
        signedIn.get("v1", "me") { request in
            try await Reply(AccountService(request).me(request.user))
        }
        signedIn.post("v1", "me", "registration") { request in
            try await Reply(AccountService(request).register(guest: request.user, as: request.decode(RegisterRequest.self)))
        }
        signedIn.patch("v1", "me") { request in
            try await Reply(AccountService(request).rename(request.user, to: request.decode(UpdateMeRequest.self).displayName))
        }
        // The one route with a large body: it streams, and reads up to a photo's limit itself.
        signedIn.on(.PUT, "v1", "me", "avatar", body: .stream) { request in
            try await Reply(UploadBody.receive(request, from: request.user.id.description) { photo in
                try await AccountService(request).setAvatar(of: request.user, to: photo)
            })
        }
        signedIn.delete("v1", "me", "avatar") { request in
            try await Reply(AccountService(request).removeAvatar(of: request.user))
        }
        signedIn.get("v1", "users", ":userID") { request in
            try await Reply(AccountService(request).player(request.parameter("userID", as: UserID.self)))
        }
    }
}
