import OXOProtocol
import Vapor

struct SocketRoutes {
    func register(_ routes: any RoutesBuilder) {
        // Authentication happens before the upgrade, so a bad token gets an ordinary
        // JSON 401 rather than a socket that closes at once.
        routes.get("v1", "socket") { request async throws -> Response in
            guard let token = request.bearerToken else {
                throw APIError(.unauthorized, "Sign in first: send 'Authorization: Bearer <token>' or '?token='.")
            }
            let user = try await AccountService(request).authenticate(token: token)
            let database = request.db
            let context = request.application.oxo
            let logger = request.logger
            return request.webSocket(maxFrameSize: .init(integerLiteral: context.configuration.maxBodySize)) { _, socket in
                await SocketSession(user: user, socket: socket, database: database, context: context, logger: logger).run()
            }
        }
    }
}
