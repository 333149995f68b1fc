import Foundation
import OXOClient
import OXOProtocol
import Testing
import TicTacToe

/// A move the server takes over the socket and never answers (its session stuck on a
/// database connection that died, while the socket itself still answers pings) is not
/// waited for for ever: after `answerTimeout` the SDK closes that socket, opens another and
/// sends the move again there, with its number, and the caller has the answer.
@Suite("A socket move that is never answered")
struct UnansweredMoveTests {
    @Test func isSentAgainOnANewSocketAfterTheAnswerTimeout() async throws {
        let player = PlayerSummary(id: UserID(rawValue: UUID()), username: "alice", displayName: "Alice", avatar: "")
        let game = GameView(id: GameID(rawValue: UUID()), code: "K7QX3M", mode: .online, listed: true, phase: .live,
                            x: Seat(player: player), o: nil, moves: [], board: Grid(Array(repeating: nil, count: 9)),
                            turn: .x, result: nil, watchers: 0, createdAt: Date(timeIntervalSince1970: 0))
        let server = try await StuckSocketServer.start(player: player, game: game)
        let options = RealtimeOptions(firstRetryDelay: .milliseconds(50), answerTimeout: .milliseconds(500))
        let live = try await OXOClient(baseURL: server.url, token: "any").connect(options: options)

        let started = ContinuousClock.now
        let answered = try await live.move(game: game.id, cell: 4, moveNumber: 1)
        let took = ContinuousClock.now - started
        await live.close()
        try await server.stop()

        #expect(answered.id == game.id)
        #expect(server.moves.map(\.moveNumber) == [1, 1], "the same move, by its number, once on each socket")
        #expect(server.moves.map(\.socket) == [1, 2], "sent again on a second socket, not the stuck one")
        #expect(took < .seconds(10), "answered soon after the timeout, not \(took)")
    }
}
