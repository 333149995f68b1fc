import Foundation
import NIOConcurrencyHelpers
import OXOProtocol
import TicTacToe
import Vapor

/// A stand-in for the server's realtime socket whose first socket is stuck, as a session
/// waiting on a dead database connection was: it welcomes the client and answers pings, but
/// never answers a move. Every later socket is welcomed and acknowledges each move at once.
final class StuckSocketServer: Sendable {
    private let app: Application
    /// The moves received, as (socket's number from 1, move number), in arrival order.
    private let received: NIOLockedValueBox<[(socket: Int, moveNumber: Int)]>
    let url: URL

    private init(app: Application, url: URL, received: NIOLockedValueBox<[(socket: Int, moveNumber: Int)]>) {
        self.app = app
        self.url = url
        self.received = received
    }

    var moves: [(socket: Int, moveNumber: Int)] { received.withLockedValue { $0 } }

    static func start(player: PlayerSummary, game: GameView) async throws -> StuckSocketServer {
        let app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        let sockets = NIOLockedValueBox(0)
        let received = NIOLockedValueBox<[(socket: Int, moveNumber: Int)]>([])
        app.webSocket("v1", "socket") { _, socket in
            let number = sockets.withLockedValue { $0 += 1; return $0 }
            socket.send(Self.text(.welcome(user: player)))
            socket.onText { socket, text in
                guard case .move(let id, _, _, let moveNumber) = try? Wire.decoder.decode(ClientMessage.self, from: Data(text.utf8))
                else { return }
                received.withLockedValue { $0.append((number, moveNumber)) }
                if number > 1 { socket.send(Self.text(.ack(id: id, game: game, seq: nil))) }
            }
        }
        let address = try await app.startStandIn()
        return StuckSocketServer(app: app, url: URL(string: address)!, received: received)
    }

    func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }

    private static func text(_ message: ServerMessage) -> String {
        String(decoding: (try? Wire.encoder.encode(message)) ?? Data(), as: UTF8.self)
    }
}
