import OXOProtocol
import Vapor

struct SocketRoutes {
    func register(_ routes: any RoutesBuilder) {
        // Authentication happens before the upgrade, so a bad token gets an ordinary
        // JSON 401 rather than a socket that closes at once.
        routes.get("v1", "socket") { request async throws -> Response in
            guard let token = request.socketToken else {
                throw APIError(.unauthorized, "Sign in first: send 'Authorization: Bearer <token>' or '?token='.")
            }
            let user = try await AccountService(request).authenticate(token: token)
            guard request.headers[.upgrade].contains(where: { $0.lowercased() == "websocket" }) else {
                throw APIError(.invalidRequest, "This address speaks WebSocket only: see docs/PROTOCOL.md.")
            }
            let store = request.store
            let sockets = request.application.sockets
            let logger = request.logger
            // The synchronous form of the upgrade runs on the socket's event loop, where
            // its callbacks must be set.
            return request.webSocket(maxFrameSize: .init(integerLiteral: store.context.configuration.maxBodySize)) { _, socket in
                let session = SocketSession(user: user, socket: socket, store: store, logger: logger)
                session.listen()
                sockets.serve(session)
            }
        }
    }
}
