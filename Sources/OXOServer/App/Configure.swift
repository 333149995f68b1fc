import Fluent
import NIOCore
import Vapor

/// Builds the whole application from its configuration. `oxo serve` and every test use
/// this one function, so what is tested is what runs.
public func configure(_ app: Application, _ configuration: ServerConfiguration) async throws {
    app.http.server.configuration.hostname = configuration.host
    app.http.server.configuration.port = configuration.port
    app.routes.defaultMaxBodySize = ByteCount(integerLiteral: configuration.maxBodySize)
    app.passwords.use(.bcrypt(cost: configuration.bcryptCost))
    app.oxo = ServerContext(
        configuration: configuration, bus: EventBus(),
        computerSeed: configuration.computerSeed ?? UInt64.random(in: .min ... .max))

    app.middleware = Middlewares()
    app.middleware.use(RouteLoggingMiddleware(logLevel: .info))
    app.middleware.use(ErrorResponder())

    try await DatabaseSetup.configure(app, configuration)
    try routes(app)
}

func routes(_ app: Application) throws {
    app.get("health") { _ in Reply(["status": "ok"]) }
    app.get("openapi.json") { _ in try OpenAPIDocument.response() }
    let signedIn = app.grouped(BearerAuthentication())
    AccountRoutes().register(public: app, signedIn: signedIn)
    GameRoutes().register(signedIn: signedIn)
    LobbyRoutes().register(signedIn: signedIn)
    SocketRoutes().register(app)
}
