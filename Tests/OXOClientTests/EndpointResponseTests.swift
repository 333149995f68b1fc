import Foundation
import OXOProtocol
import Testing
@testable import OXOClient

/// How an answer becomes a value, the server's `APIError`, or an `OXOClientError`.
@Suite struct EndpointResponseTests {
    @Test func aSuccessDecodesAsTheOperationsResponse() throws {
        let game = Fixtures.game(moves: 2)
        #expect(try Endpoints.join(game.id).read(status: 200, body: Fixtures.json(game)) == game)
    }

    @Test func noContentNeedsNoBody() throws {
        try Endpoints.logout().read(status: 204, body: Data())
    }

    @Test func anErrorBodyIsThrownAsTheServersAPIErrorWithItsGame() throws {
        let current = Fixtures.game(moves: 3)
        let sent = APIError(.staleState, "Move 3 has been played already.", game: current)
        let body = try Fixtures.json(ErrorResponse(error: sent))

        let thrown = #expect(throws: APIError.self) {
            try Endpoints.move(current.id, MoveRequest(cell: 0, moveNumber: 3)).read(status: 409, body: body)
        }
        #expect(thrown == sent)
        #expect(thrown?.game?.nextMoveNumber == 4)
    }

    @Test func anErrorBodyWrittenByHandIsReadToo() throws {
        let body = Data(#"{"error":{"code":"not_your_turn","message":"It is O's turn."}}"#.utf8)
        let thrown = #expect(throws: APIError.self) {
            try Endpoints.move(Fixtures.gameID, MoveRequest(cell: 0, moveNumber: 1)).read(status: 409, body: body)
        }
        #expect(thrown?.code == .notYourTurn)
        #expect(thrown?.message == "It is O's turn.")
        #expect(thrown?.game == nil)
    }

    @Test func anErrorStatusWithoutAnOXOBodyIsAnUnexpectedResponse() {
        let thrown = #expect(throws: OXOClientError.self) {
            try Endpoints.me().read(status: 502, body: Data("<html>Bad Gateway</html>".utf8))
        }
        guard case .unexpectedResponse(let status, let body, _) = thrown else {
            Issue.record("expected unexpectedResponse, got \(String(describing: thrown))")
            return
        }
        #expect(status == 502)
        #expect(body == "<html>Bad Gateway</html>")
    }

    @Test func aSuccessOfTheWrongShapeIsAnUnexpectedResponse() {
        let thrown = #expect(throws: OXOClientError.self) {
            try Endpoints.me().read(status: 200, body: Data(#"{"status":"ok"}"#.utf8))
        }
        guard case .unexpectedResponse(let status, _, _) = thrown else {
            Issue.record("expected unexpectedResponse, got \(String(describing: thrown))")
            return
        }
        #expect(status == 200)
    }

    @Test func healthReadsTheStatus() throws {
        #expect(try Endpoints.health().read(status: 200, body: Data(#"{"status":"ok"}"#.utf8)).status == "ok")
    }
}
