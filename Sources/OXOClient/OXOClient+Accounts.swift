import Foundation
import OXOProtocol

extension OXOClient {
    /// A new client for a newly registered account, signed in, with `avatar` as its photo
    /// when one is given, and `language` for its pushes and mails.
    public static func register(username: String, email: String, password: String, displayName: String? = nil,
                                language: Language? = nil, avatar: Data? = nil, at baseURL: URL) async throws -> OXOClient {
        try await signedInClient(at: baseURL) {
            try await $0.register(username: username, email: email, password: password, displayName: displayName,
                                  language: language, avatar: avatar)
        }
    }

    /// A new client for a guest: an account the server makes up, to play at once without
    /// registering. Its token is the only way back in.
    public static func playAsGuest(displayName: String? = nil, language: Language? = nil, at baseURL: URL) async throws -> OXOClient {
        try await signedInClient(at: baseURL) { try await $0.playAsGuest(displayName: displayName, language: language) }
    }

    /// A new client signed in with a username or e-mail address (and, for an account with
    /// two-step sign-in on, a code or a recovery code).
    public static func login(_ login: String, password: String, secondFactor: SecondFactorProof = SecondFactorProof(),
                             at baseURL: URL) async throws -> OXOClient {
        try await signedInClient(at: baseURL) { try await $0.login(login, password: password, secondFactor: secondFactor) }
    }

    /// Creates an account and signs in to it: later calls carry its token. With an
    /// `avatar` (PNG, JPEG, WebP or GIF bytes), uploads it next, as `setAvatar` does; the
    /// account exists even when the server refuses the photo, and the refusal is thrown.
    /// `language` is the one the server writes the account's pushes and mails in (English
    /// when left out).
    @discardableResult
    public func register(username: String, email: String, password: String,
                         displayName: String? = nil, language: Language? = nil, avatar: Data? = nil) async throws -> SessionGrant {
        let request = RegisterRequest(username: username, email: email, password: password, displayName: displayName,
                                      language: language)
        let grant = signedIn(try await perform(Endpoints.register(request)))
        guard let avatar else { return grant }
        return SessionGrant(token: grant.token, session: grant.session, user: try await setAvatar(avatar))
    }

    /// Signs in to a new guest account: later calls carry its token.
    @discardableResult
    public func playAsGuest(displayName: String? = nil, language: Language? = nil) async throws -> SessionGrant {
        signedIn(try await perform(Endpoints.guest(GuestRequest(displayName: displayName, language: language))))
    }

    /// Turns the signed-in guest into a registered player with a username, an address
    /// and a password of their own: the same account, so its games stay its own. A display
    /// name or a language left out stays the guest's.
    @discardableResult
    public func registerGuest(username: String, email: String, password: String,
                              displayName: String? = nil, language: Language? = nil) async throws -> UserView {
        let request = RegisterRequest(username: username, email: email, password: password, displayName: displayName,
                                      language: language)
        return refreshed(try await perform(Endpoints.registerGuest(request)))
    }

    /// Signs in with a username or e-mail address: later calls carry the new token. An
    /// account with two-step sign-in on also needs a code or a recovery code: without one
    /// the server throws `second_factor_required` and opens no session.
    @discardableResult
    public func login(_ login: String, password: String, secondFactor: SecondFactorProof = SecondFactorProof()) async throws -> SessionGrant {
        let request = LoginRequest(login: login, password: password, totp: secondFactor.totp, recoveryCode: secondFactor.recoveryCode)
        return signedIn(try await perform(Endpoints.login(request)))
    }

    /// Ends the current session on the server, then forgets its token.
    public func logout() async throws {
        try await perform(Endpoints.logout())
        signedOut()
    }

    /// The signed-in user's sessions, the current one marked `current`.
    public func sessions() async throws -> [SessionView] {
        try await perform(Endpoints.sessions())
    }

    /// Ends one of the signed-in user's sessions, as on a lost device.
    public func revokeSession(_ id: SessionID) async throws {
        try await perform(Endpoints.revokeSession(id))
    }

    /// "Sign out everywhere else": ends every session but this one (their sockets close);
    /// answers how many ended.
    @discardableResult
    public func endOtherSessions() async throws -> Int {
        try await perform(Endpoints.endOtherSessions()).ended
    }

    /// Everything the server holds about the signed-in user, photos' bytes included.
    public func exportAccount() async throws -> AccountExport {
        try await perform(Endpoints.exportAccount())
    }

    /// Deletes the signed-in account for good, confirmed by its password (a guest's needs
    /// none) and, with two-step sign-in on, a code or a recovery code, then forgets the
    /// token, which no longer works.
    public func deleteAccount(password: String?, secondFactor: SecondFactorProof = SecondFactorProof()) async throws {
        let request = DeleteAccountRequest(password: password, totp: secondFactor.totp, recoveryCode: secondFactor.recoveryCode)
        try await perform(Endpoints.deleteAccount(request))
        signedOut()
    }

    public func me() async throws -> UserView {
        refreshed(try await perform(Endpoints.me()))
    }

    /// Changes the display name; the user id stays, and the old name joins `previous_display_names`.
    @discardableResult
    public func updateDisplayName(_ displayName: String) async throws -> UserView {
        try await updateMe(displayName: displayName)
    }

    /// Sets the language the server writes the user's pushes and mails in (`UserView.language`).
    @discardableResult
    public func updateLanguage(_ language: Language) async throws -> UserView {
        try await updateMe(language: language)
    }

    /// Changes the display name, the language, or both at once; what is left out stays. The
    /// server refuses a call that gives neither (`invalid_request`).
    @discardableResult
    public func updateMe(displayName: String? = nil, language: Language? = nil) async throws -> UserView {
        refreshed(try await perform(Endpoints.updateMe(UpdateMeRequest(displayName: displayName, language: language))))
    }

    /// Makes `data` the signed-in user's photo. The server tells the format from the bytes
    /// (PNG, JPEG, WebP or GIF, at most 2 MB and 4096 × 4096 pixels), so `contentType` is
    /// only a courtesy.
    @discardableResult
    public func setAvatar(_ data: Data, contentType: String = "application/octet-stream") async throws -> UserView {
        refreshed(try await perform(Endpoints.setAvatar(data, contentType: contentType)))
    }

    /// Back to the stock avatar drawn from the display name.
    @discardableResult
    public func removeAvatar() async throws -> UserView {
        refreshed(try await perform(Endpoints.removeAvatar()))
    }

    /// The full address of a picture named by `PlayerSummary.avatar` or `UserView.avatar`,
    /// which are relative to the server; fetch it without a token.
    public nonisolated func avatarURL(_ avatar: String) throws -> URL {
        try server.url(serverPath: avatar)
    }

    /// Another user as anyone may see them.
    public func user(_ id: UserID) async throws -> PlayerSummary {
        try await perform(Endpoints.user(id))
    }

    /// Builds a client and signs it in.
    private static func signedInClient(at baseURL: URL,
                                       _ signIn: (OXOClient) async throws -> SessionGrant) async throws -> OXOClient {
        let client = OXOClient(baseURL: baseURL)
        _ = try await signIn(client)
        return client
    }
}
