import NIOWebSocket
import OXOAccounts
import OXOCore
import OXOProtocol
import Vapor

struct SocketRoutes {
    func register(_ routes: any RoutesBuilder) {
        // Authentication happens before the upgrade, so a bad token gets an ordinary
        // JSON 401 rather than a socket that closes at once.
        routes.on(Operations.openSocket) { request async throws -> Response in
            let configuration = request.application.oxo.configuration
            try SocketOrigin(allowed: configuration.allowedOrigins).check(request)
            guard let token = request.socketToken else {
                throw APIError(.unauthorized, "Sign in first: send 'Authorization: Bearer <token>' or '?token='.")
            }
            let store = request.application.store(on: request.eventLoop)
            let user = try await AuthenticatedUser.signedIn(with: token, store: store)
            let sockets = request.application.sockets
            let owner = SocketRegistry.Owner(user: user.id, address: request.clientAddress)
            let limits = SocketRegistry.Limits(perUser: configuration.maxSocketsPerUser, perAddress: configuration.maxSocketsPerAddress)
            if let refusal = sockets.refusal(for: owner, within: limits) {
                ServerMetrics.rateLimited("open_sockets")
                throw APIError(.rateLimited, refusal)
            }
            try request.application.oxo[SocketOpens.self].record("user \(user.id)")
            // Both headers, or the answer would be a bare 101 on a connection that is not
            // a socket.
            guard request.headers[.upgrade].contains(where: { $0.lowercased() == "websocket" }),
                  request.headers[canonicalForm: .connection].contains(where: { $0.lowercased() == "upgrade" })
            else {
                throw APIError(.invalidRequest, "This address speaks WebSocket only: see docs/PROTOCOL.md.")
            }
            // Kept for the socket's life, so neither holds the request's logger: its
            // metadata would be a copy on every socket.
            let logger = request.application.logger
            let response = Response(status: .switchingProtocols)
            // The upgrade's callback runs on the socket's event loop, where the socket's
            // callbacks must be set.
            response.upgrader = SocketUpgrader(
                maxMessageSize: configuration.maxBodySize,
                maxQueuedBytes: configuration.maxSocketQueuedBytes,
                maxQueuedMessages: configuration.maxSocketQueuedMessages,
                closeGrace: .seconds(5),
                pings: sockets.pings(on: request.eventLoop),
                logger: logger
            ) { socket, wire in
                let session = SocketSession(user: user, socket: socket, outbox: sockets.outbox(for: wire),
                                            store: store, registry: sockets, logger: logger)
                session.listen()
                if !sockets.serve(session, of: owner, within: limits) {
                    // Upgraded as the process began to stop, or past the caps.
                    let code: WebSocketErrorCode = sockets.isRestarting ? .unknown(SocketSession.restartCloseCode) : .policyViolation
                    session.close(code: code)
                }
            }
            return response
        }
    }
}
