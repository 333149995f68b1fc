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
        let answer = try Endpoints.answer(ChallengeID(rawValue: opponent.rawValue), Operations.acceptChallenge).request(on: server, token: "t")
        #expect(answer.url == "http://127.0.0.1:8080/v1/challenges/\(opponent)/accept")
        #expect(answer.body == nil)
    }

    @Test func aProfileIsAskedOfAPlayerOrOfOneselfAndTheLeaderboardByItsOrder() throws {
        let user = UserID(rawValue: UUID())
        #expect(try Endpoints.profile(of: user).request(on: server, token: "t").url == "http://127.0.0.1:8080/v1/users/\(user)/profile")
        #expect(try Endpoints.profile(of: nil).request(on: server, token: "t").url == "http://127.0.0.1:8080/v1/me/profile")
        let first = try Endpoints.leaderboard(by: .rating, cursor: nil, limit: nil).request(on: server, token: "t")
        #expect(first.method == .GET && first.body == nil)
        #expect(first.url == "http://127.0.0.1:8080/v1/leaderboard?by=rating")
        #expect(try Endpoints.leaderboard(by: .weeklyWins, cursor: "c", limit: 5).request(on: server, token: "t").url
            == "http://127.0.0.1:8080/v1/leaderboard?by=weekly_wins&cursor=c&limit=5")
    }

    @Test func aPageAsksWithCursorAndLimitOnlyWhenGiven() throws {
        let first = try Endpoints.openGames(cursor: nil, limit: nil).request(on: server, token: "t")
        let next = try Endpoints.myGames(cursor: "c+1", limit: 10).request(on: server, token: "t")
        #expect(first.method == .GET)
        #expect(first.url == "http://127.0.0.1:8080/v1/games/open")
        #expect(first.body == nil)
        #expect(next.url == "http://127.0.0.1:8080/v1/me/games?cursor=c%2B1&limit=10")
    }

    @Test func historyIsPagedAndTheNotationAsksForTextAndReadsItAsUTF8() throws {
        let player = UserID(rawValue: UUID())
        let history = try Endpoints.finishedGames(of: player, cursor: "c", limit: 5).request(on: server, token: "t")
        #expect(history.url == "http://127.0.0.1:8080/v1/users/\(player)/games/finished?cursor=c&limit=5")
        let replay = try Endpoints.replay(Fixtures.gameID).request(on: server, token: "t")
        #expect(replay.url == "http://127.0.0.1:8080/v1/games/\(Fixtures.gameID)/replay")
        #expect(replay.headers["Accept"] == ["application/json"])
        let notation = Endpoints.notation(Fixtures.gameID)
        let request = try notation.request(on: server, token: "t")
        #expect(request.url == "http://127.0.0.1:8080/v1/games/\(Fixtures.gameID)/notation")
        #expect(request.headers["Accept"] == ["text/plain"])
        #expect(try notation.read(status: 200, body: Data("# X: Zoë\n1. b2 X\n".utf8)) == "# X: Zoë\n1. b2 X\n")
        let refused = #expect(throws: APIError.self) {
            try notation.read(status: 409, body: Data(#"{"error":{"code":"game_not_finished","message":"Not yet."}}"#.utf8))
        }
        #expect(refused?.code == .gameNotFinished)
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

    @Test func choosingALanguagePatchesMeWithItAlone() async throws {
        let request = try Endpoints.updateMe(UpdateMeRequest(language: .fr)).request(on: server, token: "t")
        #expect(request.method == .PATCH)
        #expect(try await requestBody(of: request) == #"{"language":"fr"}"#)
    }

    @Test func aPhotoIsPutAsItIsWithTheTypeItIsGiven() async throws {
        let photo = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])
        let request = try Endpoints.setAvatar(photo, contentType: "image/png").request(on: server, token: "t")
        #expect(request.method == .PUT)
        #expect(request.url == "http://127.0.0.1:8080/v1/me/avatar")
        #expect(request.headers["Content-Type"] == ["image/png"])
        var bytes: [UInt8] = []
        for try await chunk in try #require(request.body) { bytes += chunk.readableBytesView }
        #expect(Data(bytes) == photo)
        let removal = try Endpoints.removeAvatar().request(on: server, token: "t")
        #expect(removal.method == .DELETE && removal.url == "http://127.0.0.1:8080/v1/me/avatar" && removal.body == nil)
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
