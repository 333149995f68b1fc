import Fluent
import OXOCore
import OXOProtocol
import Vapor

/// Registration, sign-in, sessions and the user's own account.
package struct AccountService {
    let store: Store
    /// The client's address, for the limits per address.
    let clientAddress: String
    /// The client's User-Agent, which names the device of a session it opens.
    let userAgent: String?
    /// Where the links of the mails it sends lead.
    let links: MailedLinks

    package init(_ request: Request) {
        store = request.store
        clientAddress = request.clientAddress
        userAgent = request.headers.first(name: .userAgent)
        links = MailedLinks(request)
    }

    var context: ServerContext { store.context }
    private var passwords: PasswordHashing { context.passwordHashing }

    func register(_ body: RegisterRequest) async throws -> SessionGrant {
        try context[Registrations.self].record(clientAddress)
        try AccountRules.checkUsername(body.username)
        try AccountRules.checkEmail(body.email)
        try AccountRules.checkPassword(body.password)
        let displayName = try AccountRules.displayName(body.displayName ?? body.username)
        let address = try await address(body.email, forNew: body.username)
        let user = UserRow(
            username: body.username, email: address.own, displayName: displayName,
            passwordHash: try await passwords.hash(body.password), createdAt: context.clock.now,
            pendingEmail: address.pending, language: UserLanguage.value(of: body.language))
        let links = links
        do {
            // The address is asked to confirm itself (or its owner told) in the change that makes the account.
            try await store.change { change in
                try await change.accounts.insert(user)
                try await change.accounts.mailAbout(address, to: user.id, username: user.username, language: body.language,
                                           links: links)
            }
        } catch where (error as? any DatabaseError)?.isConstraintFailure == true {
            // Someone took the name or address between the check and the insert.
            try await ensureFree(username: body.username, email: body.email)
            throw error
        }
        return try await openSession(for: user)
    }

    /// An account to play at once, without registering: the server makes up its username
    /// (`guest-` and six characters), its display name unless one is asked for ("Guest"
    /// and the same six), an address under `guest.invalid`, which no mail ever reaches,
    /// and a password nobody is told, so the token is the only way in. It counts against
    /// the registration limit like any new account.
    func registerGuest(_ body: GuestRequest) async throws -> SessionGrant {
        try context[Registrations.self].record(clientAddress)
        let chosenName = try body.displayName.map(AccountRules.displayName)
        for _ in 0..<5 {
            let tag = AccountRules.guestTag()
            let username = "guest-\(tag)"
            let user = UserRow(
                username: username, email: "\(username)@\(AccountRules.guestDomain)", displayName: chosenName ?? "Guest \(tag.uppercased())",
                passwordHash: try await passwords.hash(SessionTokens.make()), createdAt: context.clock.now,
                language: UserLanguage.value(of: body.language))
            do {
                try await store.change { try await $0.accounts.insert(user) }
                return try await openSession(for: user)
            } catch where (error as? any DatabaseError)?.isConstraintFailure == true {
                continue  // The made-up name was taken: make up another.
            }
        }
        throw APIError(.internalError, "No free guest name was found; try again.")
    }

    /// A guest chooses a username, an address and a password and becomes a registered
    /// player: the same account, so its games, series and friends stay its own.
    func register(guest user: AuthenticatedUser, as body: RegisterRequest) async throws -> UserView {
        // A new registered account as much as one made afresh: it counts against the limit.
        try context[Registrations.self].record(clientAddress)
        try AccountRules.checkUsername(body.username)
        try AccountRules.checkEmail(body.email)
        try AccountRules.checkPassword(body.password)
        let displayName = try body.displayName.map(AccountRules.displayName)
        let address = try await address(body.email, forNew: body.username)
        let hash = try await passwords.hash(body.password)
        // The mail goes out in the language asked for, else in the one the guest chose.
        let language = if let chosen = body.language { chosen } else { try await UserLanguage.of(user.id.rawValue, on: store.sql) }
        let links = links
        do {
            let registered = try await store.change { change in
                let registered = try await change.accounts.register(
                    guest: user.id.rawValue, username: body.username, email: address.own, pendingEmail: address.pending,
                    passwordHash: hash, displayName: displayName, language: body.language)
                if registered {
                    try await change.accounts.mailAbout(address, to: user.id.rawValue, username: body.username, language: language, links: links)
                }
                return registered
            }
            guard registered else { throw APIError(.invalidRequest, "This account is registered already.") }
        } catch where (error as? any DatabaseError)?.isConstraintFailure == true {
            try await ensureFree(username: body.username, email: body.email)
            throw error
        }
        return try await me(user)
    }

    static let noMatch = APIError(.invalidCredentials, "That login and password do not match an account.")

    /// A wrong password and an unknown user get the same answer, so that nobody can
    /// find out which names exist. With two-step sign-in on, the password alone is answered
    /// `second_factor_required` and opens no session.
    func login(_ body: LoginRequest) async throws -> SessionGrant {
        let login = body.login.lowercased()
        // Per login and address, not per login alone: otherwise anyone could lock a
        // player out by guessing against their public username.
        let attempt = "\(login) \(clientAddress)"
        try context[SignInsPerAddress.self].record(clientAddress)
        try context[SignInAttempts.self].record(attempt)
        let user = try await store.database.sql.reads.accounts.user(login: login)
        // An unknown login is checked against a stand-in hash, so it takes as long as a
        // wrong password and its timing does not tell that the account does not exist.
        let hash = user?.passwordHash ?? context[StandInPasswordHash.self]
        guard try await passwords.verify(body.password, created: hash), let user else {
            ServerMetrics.signIn(.wrongPassword)
            throw Self.noMatch
        }
        // A wrong code gets the wrong password's answer, so that it never tells the password
        // was right; the attempt stays counted until the whole sign-in succeeds.
        do {
            let proof = SecondFactorProof(totp: body.totp, recoveryCode: body.recoveryCode)
            try await SecondFactorGate(store: store).require(proof, of: user.id, refusing: Self.noMatch)
        } catch let error as APIError where error.code == .invalidCredentials {
            ServerMetrics.signIn(.wrongSecondFactor)
            throw error
        }
        context[SignInAttempts.self].reset(attempt)
        // Told only to someone who knows the password (and the code): the account's standing is theirs to hear.
        guard user.suspendedAt == nil else {
            ServerMetrics.signIn(.suspended)
            throw APIError(.accountSuspended, "This account is suspended; it cannot sign in.")
        }
        ServerMetrics.signIn(.succeeded)
        return try await openSession(for: user)
    }

    /// Whether the request comes from the account's owner, as a deletion asks: the password
    /// and, with two-step sign-in on, a second factor, which is spent.
    package func confirmOwner(_ user: AuthenticatedUser, password: String?, secondFactor proof: SecondFactorProof) async throws {
        try await confirm(user, password: password)
        try await SecondFactorGate(store: store).require(proof, of: user.id.rawValue, refusing: SecondFactorGate.invalid)
    }

    /// Whether `password` is the user's. A guest has none anyone knows, and their token is
    /// their only proof, so a guest needs none.
    func confirm(_ user: AuthenticatedUser, password: String?) async throws {
        guard let record = try await store.database.sql.reads.accounts.user(user.id.rawValue) else {
            throw APIError(.unauthorized, "This account no longer exists.")
        }
        if AccountRules.isGuest(email: record.email) { return }
        // Counted with the sign-ins' failures, so a stolen token is no way to guess the password.
        let attempt = "\(record.usernameKey) \(clientAddress)"
        try context[SignInAttempts.self].record(attempt)
        guard let password, try await passwords.verify(password, created: record.passwordHash) else {
            throw APIError(.invalidCredentials, "That is not this account's password.")
        }
        context[SignInAttempts.self].reset(attempt)
    }

    /// The address a new account gets for `email`: the address itself when no other account
    /// holds it; else one under `pending.invalid`, with `email` kept beside it as pending.
    /// Either way registration answers alike, so nobody learns whether an address has an
    /// account; the address's owner is the one told (`mailAbout`).
    func address(_ email: String, forNew username: String) async throws -> RegisteredAddress {
        try await ensureFree(username: username, email: nil)
        let requested = email.lowercased()
        // An address its account never confirmed is held only while a link to confirm it works.
        try await store.change { try await $0.accounts.releaseUnconfirmedAddress(requested) }
        let holder = try await store.database.sql.reads.accounts.user(email: requested)
        guard let holder else { return RegisteredAddress(own: requested, pending: nil) }
        return RegisteredAddress(own: "pending-\(UUID.random().lowercasedText)@\(AccountRules.pendingDomain)", pending: requested,
                                 holderLanguage: UserLanguage.read(holder.language))
    }

    /// Refuses a username that is taken or held; and, for a bot's made-up address or a
    /// registration that raced another for its address, an address that is taken.
    func ensureFree(username: String, email: String?) async throws {
        let key = username.lowercased()
        let held = try await store.sql.select().column("username_key").from("released_names")
            .where("username_key", .equal, key).where("free_at", .greaterThan, context.clock.now).first()
        if try await store.database.sql.reads.accounts.hasUser(usernameKey: key) || held != nil {
            throw APIError(.usernameTaken, "The username \(username) is taken.")
        }
        if let email, try await store.database.sql.reads.accounts.hasUser(email: email.lowercased()) {
            throw APIError(.emailTaken, "An account with that e-mail address exists already.")
        }
    }

    private func openSession(for user: UserRow) async throws -> SessionGrant {
        let token = SessionTokens.make()
        let session = SessionRow(
            userID: user.id, tokenHash: SessionTokens.hash(token), createdAt: context.clock.now,
            device: DeviceNames.describe(userAgent: userAgent), address: String(clientAddress.prefix(64)))
        try await store.change { try await $0.sessions.insert(session) }
        let sessionID = OXOProtocol.SessionID(rawValue: session.id)
        return SessionGrant(token: token, session: view(of: session, current: sessionID), user: try await view(of: user))
    }

    func view(of session: SessionRow, current: OXOProtocol.SessionID) -> SessionView {
        let id = OXOProtocol.SessionID(rawValue: session.id)
        return SessionView(
            id: id, createdAt: session.createdAt, lastUsedAt: session.lastUsedAt,
            expiresAt: session.lastUsedAt.addingTimeInterval(context.configuration.sessionIdleLifetime),
            current: id == current, device: session.device ?? "Unknown device", address: session.address)
    }

    func view(of user: UserRow) async throws -> UserView {
        let previous = try await store.database.sql.reads.accounts.previousNames(of: user.id)
        return UserView(
            id: UserID(rawValue: user.id), username: user.username, email: user.pendingEmail ?? user.email,
            displayName: user.displayName, previousDisplayNames: previous,
            createdAt: user.createdAt, guest: AccountRules.isGuest(email: user.email),
            avatar: AvatarURL.of(photo: user.avatarMedia, username: user.username, displayName: user.displayName),
            emailVerified: user.emailVerifiedAt != nil, bot: user.bot, language: UserLanguage.read(user.language))
    }
}
