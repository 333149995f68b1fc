import Foundation
import OXOClient
import OXOProtocol
import Testing
import TicTacToe

/// Two signed-in players who play the same drawn game again and again over their
/// sockets, one move at a time: each is sent once both players' sockets have brought the
/// event of the move before, so every game makes the same requests, events and commits.
struct DrawnGames {
    /// Cells in the order played, X first: nine moves and no line.
    static let cells = [0, 1, 2, 4, 3, 5, 7, 6, 8]

    let x: OXOClient
    let o: OXOClient
    let xSocket: RealtimeConnection
    let oSocket: RealtimeConnection

    /// Registers the two players, opens their sockets for `body` and closes them after it.
    static func seated<T>(at server: InProcessServer, _ body: (DrawnGames) async throws -> T) async throws -> T {
        let table = try await seat(at: server)
        do {
            let result = try await body(table)
            await table.leave()
            return result
        } catch {
            await table.leave()
            throw error
        }
    }

    /// Clients ping the server rarely, as its own pings are pushed out too.
    private static func seat(at server: InProcessServer) async throws -> DrawnGames {
        let x = try await OXOClient.register(username: "xavier", email: "xavier@example.org", password: "password-xavier",
                                             at: server.baseURL)
        let o = try await OXOClient.register(username: "olivia", email: "olivia@example.org", password: "password-olivia",
                                             at: server.baseURL)
        let options = RealtimeOptions(heartbeat: .seconds(3600))
        let games = DrawnGames(x: x, o: o, xSocket: try await x.connect(options: options),
                               oSocket: try await o.connect(options: options))
        for socket in [games.xSocket, games.oSocket] {
            _ = try await socket.next { if case .connected = $0 { true } else { false } }
        }
        return games
    }

    /// One whole game: X creates it unlisted, O joins, both follow its topic, they play
    /// `cells`, and both leave the topic once they have seen the end.
    func play() async throws {
        var game = try await x.createGame(side: .x, listed: false)
        try await o.join(game.id)
        let topic = Topic.game(game.id)
        for socket in [xSocket, oSocket] {
            await socket.subscribe(topic)
            _ = try await socket.next { if case .snapshot(topic, _, _) = $0 { true } else { false } }
        }
        for (number, cell) in Self.cells.enumerated() {
            game = try await (number.isMultiple(of: 2) ? xSocket : oSocket).move(cell, in: game)
            let expected: TopicEvent.Kind = number + 1 == Self.cells.count ? .gameFinished : .movePlayed
            for socket in [xSocket, oSocket] {
                _ = try await socket.next {
                    guard case .event(topic, _, let event) = $0, event.kind == expected else { return false }
                    return event.game?.moves.count == number + 1
                }
            }
        }
        #expect(game.phase == .finished && game.result?.reason == .draw, "the game is a draw")
        for socket in [xSocket, oSocket] { await socket.unsubscribe(topic) }
    }

    private func leave() async {
        for socket in [xSocket, oSocket] { await socket.close() }
    }
}

extension RealtimeConnection {
    /// Reads updates until one satisfies `wanted`, and returns it.
    func next(where wanted: (RealtimeUpdate) -> Bool) async throws -> RealtimeUpdate {
        for try await update in self where wanted(update) { return update }
        throw ConnectionEnded()
    }
}

struct ConnectionEnded: Error, CustomStringConvertible {
    var description: String { "the socket closed before the update the test waited for" }
}
