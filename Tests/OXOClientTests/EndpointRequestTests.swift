import AsyncHTTPClient
import Foundation
import OXOProtocol
import Testing
@testable import OXOClient

/// What goes on the wire for each kind of call: method, address, headers and JSON body.
@Suite struct EndpointRequestTests {
    let server = ServerAddress(baseURL: Fixtures.server)

    @Test func aMoveIsPostedWithItsNumberInSnakeCaseAndTheToken() async throws {
        let request = try Endpoints.move(Fixtures.gameID, MoveRequest(cell: 4, moveNumber: 2))
            .request(on: server, token: "secret")
        #expect(request.method == .POST)
        #expect(request.url == "http://127.0.0.1:8080/v1/games/\(Fixtures.gameID)/moves")
        #expect(request.headers["Authorization"] == ["Bearer secret"])
        #expect(request.headers["Content-Type"] == ["application/json"])
        #expect(try await requestBody(of: request) == #"{"cell":4,"move_number":2}"#)
    }

    @Test func registeringSendsTheAccountAndNoTokenWhenThereIsNone() async throws {
        let request = try Endpoints.register(RegisterRequest(username: "alice", email: "a@example.com", password: "pw", displayName: "Alice"))
            .request(on: server, token: nil)
        #expect(request.method == .POST)
        #expect(request.url == "http://127.0.0.1:8080/v1/accounts")
        #expect(request.headers["Authorization"].isEmpty)
        #expect(try await requestBody(of: request)
            == #"{"display_name":"Alice","email":"a@example.com","password":"pw","username":"alice"}"#)
    }

    @Test func aChallengeNamesTheOpponentAndLeavesTheSideOutWhenNotChosen() async throws {
        let opponent = UserID(rawValue: UUID())
        let plain = try Endpoints.createChallenge(CreateChallengeRequest(opponent: opponent)).request(on: server, token: "t")
        #expect(plain.method == .POST)
        #expect(plain.url == "http://127.0.0.1:8080/v1/challenges")
        #expect(try await requestBody(of: plain) == #"{"opponent":"\#(opponent)"}"#)
        let answer = try Endpoints.answer(ChallengeID(rawValue: opponent.rawValue), "accept").request(on: server, token: "t")
        #expect(answer.url == "http://127.0.0.1:8080/v1/challenges/\(opponent)/accept")
        #expect(answer.body == nil)
    }

    @Test func aPageAsksWithCursorAndLimitOnlyWhenGiven() throws {
        let first = try Endpoints.openGames(cursor: nil, limit: nil).request(on: server, token: "t")
        let next = try Endpoints.myGames(cursor: "c+1", limit: 10).request(on: server, token: "t")
        #expect(first.method == .GET)
        #expect(first.url == "http://127.0.0.1:8080/v1/games/open")
        #expect(first.body == nil)
        #expect(next.url == "http://127.0.0.1:8080/v1/me/games?cursor=c%2B1&limit=10")
    }

    @Test func aGameIsFoundByItsShareCodeInThePlaceOfItsId() throws {
        let request = try Endpoints.game("K7QX3M").request(on: server, token: "t")
        #expect(request.url == "http://127.0.0.1:8080/v1/games/K7QX3M")
    }

    @Test func loggingOutDeletesTheCurrentSessionWithoutABody() throws {
        let request = try Endpoints.logout().request(on: server, token: "t")
        #expect(request.method == .DELETE)
        #expect(request.url == "http://127.0.0.1:8080/v1/sessions/current")
        #expect(request.body == nil)
    }

    @Test func renamingPatchesMe() async throws {
        let request = try Endpoints.updateMe(UpdateMeRequest(displayName: "Al")).request(on: server, token: "t")
        #expect(request.method == .PATCH)
        #expect(request.url == "http://127.0.0.1:8080/v1/me")
        #expect(try await requestBody(of: request) == #"{"display_name":"Al"}"#)
    }

    @Test func everyOtherOperationHasItsMethodAndPath() throws {
        let game = Fixtures.gameID
        #expect(try requestLine(Endpoints.login(LoginRequest(login: "alice", password: "pw"))) == "POST /v1/sessions")
        #expect(try requestLine(Endpoints.guest(GuestRequest())) == "POST /v1/guests")
        #expect(try requestLine(Endpoints.sessions()) == "GET /v1/sessions")
        #expect(try requestLine(Endpoints.revokeSession(Fixtures.sessionID)) == "DELETE /v1/sessions/\(Fixtures.sessionID)")
        #expect(try requestLine(Endpoints.me()) == "GET /v1/me")
        #expect(try requestLine(Endpoints.user(Fixtures.alice.id)) == "GET /v1/users/\(Fixtures.alice.id)")
        #expect(try requestLine(Endpoints.createGame(CreateGameRequest(side: .o))) == "POST /v1/games")
        #expect(try requestLine(Endpoints.liveGames(cursor: nil, limit: 3)) == "GET /v1/games/live?limit=3")
        #expect(try requestLine(Endpoints.join(game)) == "POST /v1/games/\(game)/join")
        #expect(try requestLine(Endpoints.cancel(game)) == "POST /v1/games/\(game)/cancel")
        #expect(try requestLine(Endpoints.resign(game)) == "POST /v1/games/\(game)/resign")
        #expect(try requestLine(Endpoints.hint(game)) == "GET /v1/games/\(game)/hint")
        #expect(try requestLine(Endpoints.health()) == "GET /health")
    }
}
