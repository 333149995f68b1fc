import Foundation
import OXOProtocol

/// Every REST operation of the OXO API, by method and path.
enum Endpoints {
    // MARK: Accounts and sessions

    static func register(_ request: RegisterRequest) -> Endpoint<SessionGrant> {
        Endpoint(.POST, "v1", "accounts", body: request)
    }

    static func guest(_ request: GuestRequest) -> Endpoint<SessionGrant> {
        Endpoint(.POST, "v1", "guests", body: request)
    }

    static func login(_ request: LoginRequest) -> Endpoint<SessionGrant> {
        Endpoint(.POST, "v1", "sessions", body: request)
    }

    static func sessions() -> Endpoint<[SessionView]> {
        Endpoint(.GET, "v1", "sessions")
    }

    static func logout() -> Endpoint<Void> {
        Endpoint(.DELETE, "v1", "sessions", "current")
    }

    static func revokeSession(_ id: SessionID) -> Endpoint<Void> {
        Endpoint(.DELETE, "v1", "sessions", id.description)
    }

    static func endOtherSessions() -> Endpoint<SessionsEnded> {
        Endpoint(.DELETE, "v1", "sessions", query: [URLQueryItem(name: "except", value: "current")])
    }

    static func exportAccount() -> Endpoint<AccountExport> {
        Endpoint(.GET, "v1", "me", "export")
    }

    static func deleteAccount(_ request: DeleteAccountRequest) -> Endpoint<Void> {
        Endpoint(.DELETE, "v1", "me", body: request)
    }

    static func me() -> Endpoint<UserView> {
        Endpoint(.GET, "v1", "me")
    }

    static func registerGuest(_ request: RegisterRequest) -> Endpoint<UserView> {
        Endpoint(.POST, "v1", "me", "registration", body: request)
    }

    static func updateMe(_ request: UpdateMeRequest) -> Endpoint<UserView> {
        Endpoint(.PATCH, "v1", "me", body: request)
    }

    static func myGames(cursor: String?, limit: Int?) -> Endpoint<GamePage> {
        Endpoint(.GET, "v1", "me", "games", query: page(cursor: cursor, limit: limit))
    }

    static func setAvatar(_ bytes: Data, contentType: String) -> Endpoint<UserView> {
        var endpoint = Endpoint<UserView>(.PUT, "v1", "me", "avatar")
        endpoint.upload = (bytes, contentType)
        return endpoint
    }

    static func removeAvatar() -> Endpoint<UserView> {
        Endpoint(.DELETE, "v1", "me", "avatar")
    }

    static func user(_ id: UserID) -> Endpoint<PlayerSummary> {
        Endpoint(.GET, "v1", "users", id.description)
    }

    // MARK: Games

    static func createGame(_ request: CreateGameRequest) -> Endpoint<GameView> {
        Endpoint(.POST, "v1", "games", body: request)
    }

    static func openGames(cursor: String?, limit: Int?) -> Endpoint<GamePage> {
        Endpoint(.GET, "v1", "games", "open", query: page(cursor: cursor, limit: limit))
    }

    static func liveGames(cursor: String?, limit: Int?) -> Endpoint<GamePage> {
        Endpoint(.GET, "v1", "games", "live", query: page(cursor: cursor, limit: limit))
    }

    /// By id or by the six-character share code: the server accepts either in the same place.
    static func game(_ idOrCode: String) -> Endpoint<GameView> {
        Endpoint(.GET, "v1", "games", idOrCode)
    }

    static func join(_ game: GameID) -> Endpoint<GameView> {
        Endpoint(.POST, "v1", "games", game.description, "join")
    }

    static func move(_ game: GameID, _ request: MoveRequest) -> Endpoint<GameView> {
        Endpoint(.POST, "v1", "games", game.description, "moves", body: request)
    }

    static func cancel(_ game: GameID) -> Endpoint<GameView> {
        Endpoint(.POST, "v1", "games", game.description, "cancel")
    }

    static func resign(_ game: GameID) -> Endpoint<GameView> {
        Endpoint(.POST, "v1", "games", game.description, "resign")
    }

    static func hint(_ game: GameID) -> Endpoint<Hint> {
        Endpoint(.GET, "v1", "games", game.description, "hint")
    }

    static func variants() -> Endpoint<[VariantRules]> {
        Endpoint(.GET, "v1", "variants")
    }

    // MARK: History

    static func finishedGames(of user: UserID, cursor: String?, limit: Int?) -> Endpoint<FinishedGamePage> {
        Endpoint(.GET, "v1", "users", user.description, "games", "finished", query: page(cursor: cursor, limit: limit))
    }

    static func replay(_ game: GameID) -> Endpoint<Replay> {
        Endpoint(.GET, "v1", "games", game.description, "replay")
    }

    /// Answered in plain text (UTF-8), not JSON.
    static func notation(_ game: GameID) -> Endpoint<String> {
        Endpoint(method: .GET, path: ["v1", "games", game.description, "notation"], query: [], body: nil,
                 accept: "text/plain") { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Operations

    static func health() -> Endpoint<HealthStatus> {
        Endpoint(.GET, "health")
    }

    /// The body of `GET /health`.
    struct HealthStatus: Decodable, Sendable {
        let status: String
    }

    static func page(cursor: String?, limit: Int?) -> [URLQueryItem] {
        [cursor.map { URLQueryItem(name: "cursor", value: $0) },
         limit.map { URLQueryItem(name: "limit", value: String($0)) }].compactMap { $0 }
    }
}
