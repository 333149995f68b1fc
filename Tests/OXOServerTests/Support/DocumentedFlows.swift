import Foundation
import NIOHTTP1
import OXOProtocol
import Testing

/// Short ways to do the common things through a `DocumentedClient`, each answer checked
/// against the document.
extension DocumentedClient {
    /// Registers `username`, with `language` for their pushes and mails when one is given.
    func register(_ username: String, language: Language? = nil,
                  sourceLocation: SourceLocation = #_sourceLocation) async throws -> SessionGrant {
        let chosen = language.map { #","language":"\#($0.rawValue)""# } ?? ""
        let answer = try await send(.POST, "/v1/accounts", body: """
            {"username":"\(username)","email":"\(username)@example.org","password":"\(Self.password(of: username))"\(chosen)}
            """, sourceLocation: sourceLocation)
        #expect(answer.status == 201, sourceLocation: sourceLocation)
        return try answer.decode(SessionGrant.self)
    }

    /// Signs in with `login`, the username or e-mail address of `username` (`login` itself by default).
    func signIn(_ login: String, of username: String? = nil,
                sourceLocation: SourceLocation = #_sourceLocation) async throws -> SessionGrant {
        let answer = try await send(.POST, "/v1/sessions", body: """
            {"login":"\(login)","password":"\(Self.password(of: username ?? login))"}
            """, sourceLocation: sourceLocation)
        #expect(answer.status == 201, sourceLocation: sourceLocation)
        return try answer.decode(SessionGrant.self)
    }

    static func password(of username: String) -> String { "password-\(username)" }

    func createGame(_ body: String = #"{"side":"X"}"#, token: String,
                    sourceLocation: SourceLocation = #_sourceLocation) async throws -> GameView {
        let answer = try await send(.POST, "/v1/games", token: token, body: body, sourceLocation: sourceLocation)
        #expect(answer.status == 201, sourceLocation: sourceLocation)
        return try answer.decode(GameView.self)
    }

    func join(_ game: GameView, token: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> RawHTTP.Answer {
        try await send(.POST, "/v1/games/{gameID}/join", ["gameID": "\(game.id)"], token: token, sourceLocation: sourceLocation)
    }

    func move(_ game: GameView, cell: Int, number: Int? = nil, token: String,
              sourceLocation: SourceLocation = #_sourceLocation) async throws -> RawHTTP.Answer {
        try await send(.POST, "/v1/games/{gameID}/moves", ["gameID": "\(game.id)"], token: token,
                       body: #"{"cell":\#(cell),"move_number":\#(number ?? game.nextMoveNumber)}"#,
                       sourceLocation: sourceLocation)
    }

    func resign(_ game: GameView, token: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> RawHTTP.Answer {
        try await send(.POST, "/v1/games/{gameID}/resign", ["gameID": "\(game.id)"], token: token, sourceLocation: sourceLocation)
    }

    func hint(_ game: GameView, token: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> RawHTTP.Answer {
        try await send(.GET, "/v1/games/{gameID}/hint", ["gameID": "\(game.id)"], token: token, sourceLocation: sourceLocation)
    }

    /// Asks for the WebSocket upgrade, which only a live token gets: for tests of refusals.
    func socketHandshake(token: String? = nil, query: String = "",
                         sourceLocation: SourceLocation = #_sourceLocation) async throws -> RawHTTP.Answer {
        try await send(.GET, "/v1/socket", query: query, token: token, headers: Self.handshake, sourceLocation: sourceLocation)
    }

    /// The handshake's headers but `Connection: Upgrade`, with which AsyncHTTPClient waits
    /// for an upgrade and never reads a refusal (curl reads it).
    static let handshake = [
        ("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13"), ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
    ]

    /// Uploads `bytes` as the photo of the token's user, declared as `type` (which the server ignores).
    func putAvatar(_ bytes: [UInt8], token: String?, type: String = "image/png",
                   sourceLocation: SourceLocation = #_sourceLocation) async throws -> RawHTTP.Answer {
        try await send(.PUT, "/v1/me/avatar", token: token, data: Data(bytes), headers: [("Content-Type", type)],
                       sourceLocation: sourceLocation)
    }

    func me(token: String?, sourceLocation: SourceLocation = #_sourceLocation) async throws -> RawHTTP.Answer {
        try await send(.GET, "/v1/me", token: token, sourceLocation: sourceLocation)
    }
}

/// Checks an answer's status and error code in one line.
func expectRefused(_ answer: RawHTTP.Answer, _ status: Int, _ code: ErrorCode, _ comment: String = "",
                 sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(answer.status == status, "\(comment) \(String(decoding: answer.body, as: UTF8.self))", sourceLocation: sourceLocation)
    #expect(answer.error?.code == code, "\(comment) \(String(decoding: answer.body, as: UTF8.self))", sourceLocation: sourceLocation)
}
