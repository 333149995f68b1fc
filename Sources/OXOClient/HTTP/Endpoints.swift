import Foundation
import OXOProtocol

/// Every REST operation of the OXO API, by method and path.
enum Endpoints {
    // MARK: Accounts and sessions

    static func register(_ request: RegisterRequest) -> Endpoint<SessionGrant> {
        Endpoint(Operations.register, body: request)
    }

    static func guest(_ request: GuestRequest) -> Endpoint<SessionGrant> {
        Endpoint(Operations.playAsGuest, body: request)
    }

    static func login(_ request: LoginRequest) -> Endpoint<SessionGrant> {
        Endpoint(Operations.signIn, body: request)
    }

    static func sessions() -> Endpoint<[SessionView]> {
        Endpoint(Operations.listSessions)
    }

    static func logout() -> Endpoint<Void> {
        Endpoint(Operations.signOut)
    }

    static func revokeSession(_ id: SessionID) -> Endpoint<Void> {
        Endpoint(Operations.revokeSession, id)
    }

    static func endOtherSessions() -> Endpoint<SessionsEnded> {
        Endpoint(Operations.endOtherSessions, query: [URLQueryItem(name: "except", value: "current")])
    }

    static func exportAccount() -> Endpoint<AccountExport> {
        Endpoint(Operations.exportAccount)
    }

    static func deleteAccount(_ request: DeleteAccountRequest) -> Endpoint<Void> {
        Endpoint(Operations.deleteAccount, body: request)
    }

    static func me() -> Endpoint<UserView> {
        Endpoint(Operations.getMe)
    }

    static func registerGuest(_ request: RegisterRequest) -> Endpoint<UserView> {
        Endpoint(Operations.registerGuest, body: request)
    }

    static func updateMe(_ request: UpdateMeRequest) -> Endpoint<UserView> {
        Endpoint(Operations.updateMe, body: request)
    }

    static func myGames(cursor: String?, limit: Int?) -> Endpoint<GamePage> {
        Endpoint(Operations.listMyGames, query: page(cursor: cursor, limit: limit))
    }

    static func setAvatar(_ bytes: Data, contentType: String) -> Endpoint<UserView> {
        Endpoint(Operations.setAvatar, upload: (bytes, contentType))
    }

    static func removeAvatar() -> Endpoint<UserView> {
        Endpoint(Operations.removeAvatar)
    }

    static func user(_ id: UserID) -> Endpoint<PlayerSummary> {
        Endpoint(Operations.getUser, id)
    }

    // MARK: Games

    static func createGame(_ request: CreateGameRequest) -> Endpoint<GameView> {
        Endpoint(Operations.createGame, body: request)
    }

    static func openGames(cursor: String?, limit: Int?) -> Endpoint<GamePage> {
        Endpoint(Operations.listOpenGames, query: page(cursor: cursor, limit: limit))
    }

    static func liveGames(cursor: String?, limit: Int?) -> Endpoint<GamePage> {
        Endpoint(Operations.listLiveGames, query: page(cursor: cursor, limit: limit))
    }

    /// By id or by the six-character share code: the server accepts either in the same place.
    static func game(_ idOrCode: String) -> Endpoint<GameView> {
        Endpoint(Operations.getGame, idOrCode)
    }

    static func join(_ game: GameID) -> Endpoint<GameView> {
        Endpoint(Operations.joinGame, game)
    }

    static func move(_ game: GameID, _ request: MoveRequest) -> Endpoint<GameView> {
        Endpoint(Operations.playMove, game, body: request)
    }

    static func cancel(_ game: GameID) -> Endpoint<GameView> {
        Endpoint(Operations.cancelGame, game)
    }

    static func resign(_ game: GameID) -> Endpoint<GameView> {
        Endpoint(Operations.resignGame, game)
    }

    static func hint(_ game: GameID) -> Endpoint<Hint> {
        Endpoint(Operations.getHint, game)
    }

    static func variants() -> Endpoint<[VariantRules]> {
        Endpoint(Operations.listVariants)
    }

    // MARK: History

    static func finishedGames(of user: UserID, cursor: String?, limit: Int?) -> Endpoint<FinishedGamePage> {
        Endpoint(Operations.listFinishedGames, user, query: page(cursor: cursor, limit: limit))
    }

    static func replay(_ game: GameID) -> Endpoint<Replay> {
        Endpoint(Operations.getReplay, game)
    }

    /// Answered in plain text (UTF-8), not JSON.
    static func notation(_ game: GameID) -> Endpoint<String> {
        Endpoint(Operations.getNotation, game, accept: "text/plain") { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Operations

    static func health() -> Endpoint<HealthStatus> {
        Endpoint(Operations.health)
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
