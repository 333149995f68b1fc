import Fluent
import NIOCore
import NIOPosix
import Vapor

/// Builds the whole application from its configuration. `oxo serve` and every test use
/// this one function, so what is tested is what runs. This is the composition root: the
/// one place that knows every domain, wires them together and registers their routes.
public func configure(_ app: Application, _ configuration: ServerConfiguration) async throws {
    app.logger.handler = RedactingLogHandler(wrapped: app.logger.handler)
    if let token = configuration.adminToken, token.count < ServerConfiguration.minimumAdminTokenLength {
        throw WeakAdminToken()
    }
    var configuration = configuration
    if configuration.catalogueSource == nil,
       let igdb = IGDBSource.fromEnvironment(ProcessInfo.processInfo.environment, httpClient: app.http.client.shared,
                                             logger: app.logger) {
        app.logger.notice("searches of the game catalogue also ask IGDB (OXO_IGDB_CLIENT_ID is set)")
        configuration.catalogueSource = igdb
    }
    app.http.server.configuration.hostname = configuration.host
    app.http.server.configuration.port = configuration.port
    // Room for a storm of clients coming back at once (after a restart or a network
    // blip) to wait for their accept instead of having their connects dropped; the
    // kernel caps it at net.core.somaxconn.
    app.http.server.configuration.backlog = 4096
    // Closes connections that stay silent both ways, such as one that never finishes its
    // request; a socket's own pings keep it from counting as silent.
    app.http.server.configuration.idleTimeout = .milliseconds(Int64(configuration.idleConnectionTimeout * 1000))
    app.routes.defaultMaxBodySize = ByteCount(integerLiteral: configuration.maxBodySize)
    // SQLite blocks a thread; the application gets its own pool rather than sharing the
    // process-wide one. bcrypt has threads of its own (PasswordHashing).
    app.threadPool = NIOThreadPool(numberOfThreads: max(4, System.coreCount))
    let context = ServerContext(
        configuration: configuration,
        computerSeed: configuration.computerSeed ?? UInt64.random(in: .min ... .max),
        signInThrottle: RateLimiter(limit: configuration.signInAttemptLimit, window: 15 * 60, clock: configuration.clock),
        signInAddressThrottle: RateLimiter(limit: configuration.signInAddressLimit, window: 15 * 60, clock: configuration.clock),
        registrationThrottle: RateLimiter(limit: configuration.registrationLimit, window: 3600, clock: configuration.clock),
        gameCodeLookupThrottle: RateLimiter(limit: configuration.gameCodeLookupLimit, window: 60, clock: configuration.clock),
        uploadThrottle: RateLimiter(limit: configuration.uploadLimit, window: 3600, clock: configuration.clock),
        uploadsInFlight: BodiesInFlight(perUser: configuration.uploadsInFlightPerUser, total: configuration.uploadsInFlight),
        chatThrottle: RateLimiter(limit: configuration.chatMessageLimit, window: 5, clock: configuration.clock,
                                  refusal: "At most \(configuration.chatMessageLimit) messages in 5 seconds"),
        adminGuessThrottle: RateLimiter(limit: configuration.adminGuessLimit, window: 15 * 60, clock: configuration.clock,
                                        refusal: "Too many wrong admin tokens from your address"),
        socketOpenThrottle: RateLimiter(limit: configuration.socketOpenLimit, window: 60, clock: configuration.clock),
        passwordHashing: PasswordHashing(
            threads: configuration.passwordHashingThreads, queue: configuration.passwordHashingQueue,
            cost: configuration.bcryptCost),
        standInPasswordHash: try Bcrypt.hash(UUID().uuidString, cost: configuration.bcryptCost))
    app.oxo = context
    app.lifecycle.use(PasswordHashingShutdown(hashing: context.passwordHashing))

    app.middleware = Middlewares()
    app.middleware.use(RouteLoggingMiddleware(logLevel: .info))
    app.middleware.use(ResponseHeaders())
    app.middleware.use(ErrorResponder())
    app.middleware.use(RequestsPerAddress(budget: AddressBudget(burst: configuration.requestsPerAddress, clock: configuration.clock)))
    app.middleware.use(PathCheck())
    if let folder = configuration.publicDirectory {
        let path = URL(fileURLWithPath: folder, isDirectory: true).path + "/"
        if FileManager.default.fileExists(atPath: path) {
            app.middleware.use(WebClientFiles(folder: path))
        } else {
            app.logger.notice("no web client to serve", metadata: ["folder": "\(path)"])
        }
    }

    let bus = EventBus()
    try await DatabaseSetup.configure(app, configuration, bus: bus)
    Migrations.register(in: app)
    try await app.autoMigrate()
    app.sockets = SocketRegistry()
    // The domains that follow others' changes in the same transaction. Friends hear of
    // presence last, so that they hear what the reactions before announced too.
    let reactions = [PresenceFollowsGames.reaction, AwayFromTheStart.reaction, RatingsFollowGames.reaction,
                     NotificationReactions.reaction(attention: app.sockets), FriendsHearPresence.reaction]
    let writer = try ChangeWriter(context: context, reactions: reactions, logger: app.logger)
    app.store = Store(database: app.db, context: context, writer: writer, bus: bus)
    // Shutdown runs the handlers last to first: registered after the database's, these
    // close the sockets, then the writer, while the database is still open.
    app.lifecycle.use(ChangeWriterShutdown(writer: writer))
    app.lifecycle.use(SocketShutdown(registry: app.sockets))
    if configuration.importsEmbeddedCatalogue {
        try await EmbeddedCatalogue.importIfChanged(into: app.store, logger: app.logger)
    }
    let housekeeper = Housekeeper(store: app.store, logger: app.logger)
    app.housekeeper = housekeeper
    app.lifecycle.use(HousekeepingShutdown(housekeeper: housekeeper))
    housekeeper.start()
    try routes(app)
    // Last, so that it knows every route and sees what no file or route answered.
    app.middleware.use(MethodCheck(routes: app.routes))
}

func routes(_ app: Application) throws {
    HealthRoutes().register(app)
    app.get("openapi.json") { _ in try OpenAPIDocument.response() }
    let signedIn = app.grouped(BearerAuthentication())
    AccountRoutes().register(public: app, signedIn: signedIn)
    MediaRoutes().register(public: app)
    // Players hidden from each other by a block see neither's games nor presence, and
    // neither joins the other's game.
    GameRoutes(visibility: Blocks.visibility).register(signedIn: signedIn)
    LobbyRoutes(visibility: Blocks.visibility).register(signedIn: signedIn)
    HistoryRoutes().register(signedIn: signedIn)
    PlayerRoutes(visibility: Blocks.visibility).register(signedIn: signedIn)
    ChallengeRoutes().register(signedIn: signedIn)
    SocialRoutes().register(signedIn: signedIn)
    NotificationRoutes().register(signedIn: signedIn)
    ChatRoutes().register(signedIn: signedIn)
    ModerationRoutes().register(app)
    MatchmakingRoutes().register(signedIn: signedIn)
    LeaderboardRoutes().register(signedIn: signedIn)
    ProfileRoutes().register(signedIn: signedIn)
    CatalogueRoutes().register(public: app, signedIn: signedIn)
    SocketRoutes().register(app)
    if app.oxo.configuration.benchEcho { BenchEchoRoute().register(app) }
}
