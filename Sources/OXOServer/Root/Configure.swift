import Fluent
import NIOCore
import NIOPosix
import OXOAccounts
import OXOCore
import OXOPlay
import OXOProtocol
import OXOSocial
import Vapor

/// Builds the whole application from its configuration. `oxo serve` and every test use
/// this one function, so what is tested is what runs. This is the composition root: the
/// one place that knows every domain, wires them together and registers their routes.
/// `catalogueSource` is a remote catalogue of video games asked beside the local one (the
/// tests' stand-in); without one, IGDB is asked when the environment configures it.
package func configure(
    _ app: Application, _ configuration: ServerConfiguration, catalogueSource: (any CatalogueSource)? = nil
) async throws {
    app.logger.handler = RedactingLogHandler(wrapped: app.logger.handler)
    if let token = configuration.adminToken, token.count < ServerConfiguration.minimumAdminTokenLength {
        throw WeakAdminToken()
    }
    app.catalogueSource = catalogueSource
    if catalogueSource == nil,
       let igdb = IGDBSource.fromEnvironment(ProcessInfo.processInfo.environment, httpClient: app.http.client.shared,
                                             logger: app.logger) {
        app.logger.notice("searches of the game catalogue also ask IGDB (OXO_IGDB_CLIENT_ID is set)")
        app.catalogueSource = igdb
    }
    app.http.server.configuration.hostname = configuration.host
    app.http.server.configuration.port = configuration.port
    // Room for a storm of clients coming back at once (after a restart or a network
    // blip) to wait for their accept instead of having their connects dropped; the
    // kernel caps it at net.core.somaxconn.
    app.http.server.configuration.backlog = 4096
    // How long a stop waits for the connections still open (ServerRunner).
    app.http.server.configuration.shutdownTimeout = .milliseconds(Int64(configuration.shutdownTimeout * 1000))
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
        passwordHashing: PasswordHashing(
            threads: configuration.passwordHashingThreads, queue: configuration.passwordHashingQueue,
            cost: configuration.bcryptCost))
    app.oxo = context
    // Hashed now rather than by the first sign-in that names no account, which would wait.
    _ = context[StandInPasswordHash.self]
    app.lifecycle.use(AtShutdown { await context.passwordHashing.shutdown() })

    // Every request passes each of these, so each is a `Middleware` on the request's event
    // loop: Vapor runs an `AsyncMiddleware` as a task of its own, bridged to the next
    // middleware's future, which cost every request two hops between threads apiece.
    app.middleware = Middlewares()
    app.middleware.use(RouteLoggingMiddleware(logLevel: .info))
    app.middleware.use(ResponseHeaders())
    app.middleware.use(ErrorResponder())
    // A stopping process takes nothing new (Root/Stopping.swift, docs/OPERATIONS.md).
    app.stopping = Stopping()
    app.middleware.use(RefusedWhileStopping(stopping: app.stopping))
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

    let bus = EventBus(history: context.history)
    try await DatabaseSetup.configure(app, configuration, bus: bus)
    try await Migrations.run(in: app)
    app.sockets = SocketRegistry(pingInterval: .milliseconds(Int64(configuration.socketPingInterval * 1000)))
    app.streams = StreamRegistry()
    // The domains that follow others' changes, in the change's transaction after its own
    // work, in this order. The first four are given only the change's own events and none
    // reads what another writes, so their order decides only the order of their events in
    // the log. Friends hear of presence last, and are given the events of the reactions
    // before them too, so that they also hear the status a game's start or end gave its
    // players (announced by the first).
    let reactions = [
        PresenceFollowsGames.reaction, AwayFromTheStart.reaction, RatingsFollowGames.reaction, TournamentsFollowGames.reaction,
        NotificationReactions.reaction(attention: app.sockets), FriendsHearPresence.reaction,
    ]
    let writer = try ChangeWriter(context: context, reactions: reactions, bus: bus, logger: app.logger)
    let readers = configuration.storage.sqlitePath.map {
        SQLiteReaders(path: $0, threads: max(2, System.coreCount), wait: configuration.databaseWait)
    }
    app.store = Store(database: app.db, context: context, writer: writer, bus: bus, readers: readers)
    let catchUp = RelayCatchUp(sockets: app.sockets, streams: app.streams, store: app.store, logger: app.logger)
    bus.onRelayResumed { Task { await catchUp.run() } }
    // Shutdown runs the handlers last to first: registered after the database's, these
    // close the sockets, then the writer, then SQLite's readers, while the database is
    // still open.
    if let readers { app.lifecycle.use(AtShutdown { await readers.shutdown() }) }
    app.lifecycle.use(AtShutdown { await writer.shutdown() })
    app.lifecycle.use(AtShutdown { [sockets = app.sockets] in await sockets.closeAll() })
    app.lifecycle.use(AtShutdown { [streams = app.streams] in _ = streams.endAll() })
    if configuration.importsEmbeddedCatalogue {
        try await EmbeddedCatalogue.importIfChanged(into: app.store, logger: app.logger)
    }
    let housekeeper = Housekeeper(store: app.store, logger: app.logger)
    app.housekeeper = housekeeper
    // The timer stops before the database closes.
    app.lifecycle.use(AtShutdown { await housekeeper.stop() })
    housekeeper.start()
    // Mail: the outbox's sender, stopped before the database closes (docs/PROTOCOL.md, "Mail").
    let mail = try MailDelivery(store: app.store, logger: app.logger, group: app.eventLoopGroup)
    app.lifecycle.use(mail)
    mail.start()
    // Web Push: the key made (or read) now, the outbox's sender stopped before the
    // database closes (docs/PROTOCOL.md, "Push notifications").
    _ = try await PushKeys.vapid(app.store)
    let push = PushDelivery(store: app.store, logger: app.logger, group: app.eventLoopGroup)
    app.lifecycle.use(push)
    push.start()
    try routes(app)
    try await MetricsExport.register(app)
    // Last, so that it knows every route and sees what no file or route answered.
    app.middleware.use(MethodCheck(routes: app.routes))
}

func routes(_ app: Application) throws {
    HealthRoutes().register(app)
    app.on(Operations.openAPIDocument) { _ in try OpenAPIDocument.response() }
    let signedIn = app.grouped(BearerAuthentication())
    AccountRoutes().register(public: app, signedIn: signedIn)
    PasswordRoutes().register(public: app, signedIn: signedIn)
    TwoStepRoutes().register(signedIn: signedIn)
    AccessTokenRoutes().register(signedIn: signedIn)
    MediaRoutes().register(public: app)
    GameRoutes().register(public: app, signedIn: signedIn)
    // Players hidden from each other by a block see neither's games nor presence.
    LobbyRoutes(visibility: Blocks.visibility).register(signedIn: signedIn)
    HistoryRoutes().register(signedIn: signedIn)
    PlayerRoutes(visibility: Blocks.visibility).register(signedIn: signedIn)
    ChallengeRoutes().register(signedIn: signedIn)
    TournamentRoutes().register(signedIn: signedIn)
    TournamentInvitationRoutes().register(signedIn: signedIn)
    SocialRoutes().register(signedIn: signedIn)
    NotificationRoutes().register(signedIn: signedIn)
    ChatRoutes().register(signedIn: signedIn)
    ModerationRoutes().register(app)
    MatchmakingRoutes().register(signedIn: signedIn)
    PlayerBotRoutes().register(signedIn: signedIn)
    LeaderboardRoutes().register(signedIn: signedIn)
    ProfileRoutes().register(signedIn: signedIn)
    CatalogueRoutes().register(public: app, signedIn: signedIn)
    AccountDataRoutes().register(signedIn: signedIn)
    PushRoutes().register(signedIn: signedIn)
    SocketRoutes().register(app)
    StreamRoutes().register(signedIn: signedIn)
    if app.oxo.configuration.benchEcho { BenchEchoRoute().register(app) }
    // For tests of the whole binary: not_found unless started with --test-clock.
    TestClockRoute().register(app)
}
