import Foundation
import OXOProtocol
import Testing

/// A move from a socket goes to the writer from the socket's event loop, past the
/// session; what the client sends after it must still be answered after it.
@Suite("A socket's answers come in the order of its messages")
struct SocketAnswerOrderTests {
    @Test func messagesSentBehindAMoveAreAnsweredAfterItOnManySocketsAtOnce() async throws {
        try await withServer(adjust: { $0.socketPingInterval = 60 }) { server in
            let http = RawHTTP(baseURL: server.baseURL)
            let games = 12
            var seats: [(token: String, game: GameID)] = []
            for index in 0..<games {
                let x = try await http.register("crosses\(index)"), o = try await http.register("noughts\(index)")
                let game = try await http.send(.POST, "/v1/games", token: x, body: #"{"side":"X"}"#).decode(GameView.self)
                #expect(try await http.send(.POST, "/v1/games/\(game.id)/join", token: o).status == 200)
                seats.append((x, game.id))
            }
            let answered = await concurrently(seats) { seat in
                let socket = try await SilentSocket(port: server.port, path: "/v1/socket", token: seat.token)
                defer { socket.close() }
                _ = await socket.texts(1)  // the welcome: the session waits for the client now
                for text in Self.burst(in: seat.game) { try socket.send(text) }
                return await socket.texts(Self.expected.count).compactMap(Self.answer)
            }
            for outcome in answered {
                #expect(try outcome.get().map(\.id) == Self.expected.map(\.id))
                #expect(try outcome.get().map(\.kind) == Self.expected.map(\.kind))
            }
            for seat in seats {
                let game = try await http.send(.GET, "/v1/games/\(seat.game)", token: seat.token).decode(GameView.self)
                #expect(game.moves.count == 1, "the second move was X's out of turn")
            }
        }
    }

    /// A move, then a ping, a second move by the same player (out of turn) and a ping.
    private static func burst(in game: GameID) -> [String] {
        [#"{"type":"move","id":"m1","game":"\#(game)","cell":4,"move_number":1}"#,
         #"{"type":"ping","id":"p1"}"#,
         #"{"type":"move","id":"m2","game":"\#(game)","cell":0,"move_number":2}"#,
         #"{"type":"ping","id":"p2"}"#]
    }

    private static let expected = [(id: "m1", kind: "ack"), (id: "p1", kind: "pong"),
                                   (id: "m2", kind: "error"), (id: "p2", kind: "pong")]

    private static func answer(_ frame: SilentSocket.Frame) -> (id: String, kind: String)? {
        switch try? Wire.decoder.decode(ServerMessage.self, from: Data(frame.payload)) {
        case .ack(let id?, let game, _) where game?.moves.count == 1: (id, "ack")
        case .pong(let id?, _): (id, "pong")
        case .error(let id?, let error, _) where error.code == .notYourTurn: (id, "error")
        default: nil
        }
    }
}
