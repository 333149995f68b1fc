import ArgumentParser
import Foundation
import OXOAccounts
import OXOCore
import OXOServer

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the OXO server: REST API, realtime socket and web client.",
        discussion: """
            Stores everything in a SQLite file (--data, or OXO_DATA), or in PostgreSQL when \
            DATABASE_URL is set (postgres://user:password@host:port/database). Open \
            http://127.0.0.1:8080 for the web client; GET /health answers when it is up.

            Examples:
              oxo serve
              oxo serve --port 9000 --data /var/lib/oxo/oxo.sqlite
              DATABASE_URL=postgres://oxo:secret@127.0.0.1:5432/oxo oxo serve
            """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: one the system picks, named in the log).")
    var port = 8080

    @Option(help: "The SQLite data file, created when missing (default: $OXO_DATA or ./oxo.sqlite).")
    var data: String?

    @Option(help: "The web client's folder, served at / (default: ./Public when it exists, else the copy the build put beside the binary).")
    var publicDirectory: String?

    @Option(help: "SQLite commit durability: normal survives a crash of the server, full also a power cut.")
    var durability: ServerConfiguration.Durability = .normal

    @Option(help: "A PostgreSQL standby of DATABASE_URL's database (postgres://…) for the reads a moment old may answer: the leaderboard, catalogue searches, other players' profiles (default: $DATABASE_STANDBY_URL; none: the primary answers all).")
    var standbyDatabaseURL: String?

    @Option(help: "PostgreSQL connections per event loop (the server runs one loop per core).")
    var postgresConnections = ServerConfiguration().postgresConnectionsPerLoop

    @Option(help: "Seconds a request may wait for a database connection, and on PostgreSQL a write transaction may take, before it is answered 503 (storage_unavailable, database_unavailable) for the client to send again.")
    var databaseWait = Seconds(Double(ServerConfiguration().databaseWait.components.seconds))

    @Option(help: "bcrypt work factor for passwords (4–31).")
    var bcryptCost = 12

    @Option(help: "Failed sign-ins allowed per login name from one client address in 15 minutes.")
    var signInAttemptLimit = ServerConfiguration().signInAttemptLimit

    @Option(help: "Sign-in attempts allowed per client address in 15 minutes, whatever the login.")
    var signInAddressLimit = ServerConfiguration().signInAddressLimit

    @Option(help: "Threads that hash passwords, apart from the database's (default: half the cores).")
    var passwordHashingThreads: Int?

    @Option(help: "Password hashes that may wait for those threads; sign-ins beyond are refused with 429.")
    var passwordHashingQueue = ServerConfiguration().passwordHashingQueue

    @Option(help: "A proxy whose X-Forwarded-For names the client (repeatable); the header is ignored from anyone else.")
    var trustedProxy: [String] = []

    @Option(help: "An origin (scheme://host[:port]) besides the server's own whose pages may open the socket (repeatable).")
    var allowedOrigin: [String] = []

    @Option(help: "Bytes that may wait to be written to one socket before its client is closed (1013) to resume later.")
    var socketQueueBytes = ServerConfiguration().maxSocketQueuedBytes

    @Option(help: "Messages that may wait to be written to one socket before its client is closed (1013).")
    var socketQueueMessages = ServerConfiguration().maxSocketQueuedMessages

    @Option(help: "A client's messages that may wait on one socket to be handled before it is closed (1008).")
    var socketWaitingMessages = ServerConfiguration().maxSocketWaitingMessages

    @Option(help: "Bytes of recent events kept in memory for clients that resume (the last 200 of each topic); past it, the topics heard of least recently go, and their clients get snapshots.")
    var eventHistoryBytes = ServerConfiguration().eventHistoryBytes

    @Option(help: "Sockets one user may have open on this process; the next upgrade is refused with 429.")
    var socketsPerUser = ServerConfiguration().maxSocketsPerUser

    @Option(help: "Sockets one client address may have open on this process, whoever signed in; the next upgrade is refused with 429.")
    var socketsPerAddress = ServerConfiguration().maxSocketsPerAddress

    @Option(help: "Requests one client address may make at once, of any kind; then a tenth of that a second. Beyond, 429.")
    var requestsPerAddress = ServerConfiguration().requestsPerAddress

    @Option(help: "Registrations allowed per client address in an hour.")
    var registrationLimit = ServerConfiguration().registrationLimit

    @Option(help: "Look-ups of games by share code allowed per user and per client address in a minute.")
    var gameCodeLookupLimit = ServerConfiguration().gameCodeLookupLimit

    @Option(help: "Photo uploads allowed per user in an hour.")
    var uploadLimit = ServerConfiguration().uploadLimit

    // A token may begin with a dash; `.unconditional` takes it as the value, not as an option.
    @Option(parsing: .unconditional,
            help: "The moderators' token for /v1/admin and `oxo admin` (default: $OXO_ADMIN_TOKEN; none closes those routes).")
    var adminToken: String?

    @Option(help: "Chat messages one user may send in 5 seconds, across rooms; beyond, rate_limited.")
    var chatMessageLimit = ServerConfiguration().chatMessageLimit

    @Option(help: "Sockets one user may open in a minute; beyond, the upgrade is refused with 429.")
    var socketOpenLimit = ServerConfiguration().socketOpenLimit

    @Option(help: "Subscriptions one socket may ask for in 10 seconds; beyond, a subscribe is refused (rate_limited).")
    var socketSubscriptionLimit = ServerConfiguration().socketSubscriptionLimit

    @Option(help: "Seconds a player may be gone from a live game before the opponent may claim the win (settled by the server after twice this).")
    var awayGrace = Seconds(ServerConfiguration().awayGrace)

    @Option(help: "Seconds a challenge waits for an answer.")
    var challengeLifetime = Seconds(ServerConfiguration().challengeLifetime)

    @Option(help: "Tournaments one player may create in 24 hours; beyond, tournament_limit_reached.")
    var tournamentsPerDay = ServerConfiguration().tournamentsPerDay

    @Option(help: "Seconds between an arena's pairings of its free players (and a Swiss event's looks for a round to start).")
    var tournamentPairingInterval = Seconds(ServerConfiguration().tournamentPairingInterval)

    @Option(help: "Seconds an open game waits for an opponent before it is removed.")
    var openGameLifetime = Seconds(ServerConfiguration().openGameLifetime)

    @Option(help: "Seconds between housekeeping runs (expiry, clearing what is stale).")
    var housekeepingInterval = Seconds(ServerConfiguration().housekeepingInterval)

    @Option(help: "Seconds a deleted account's username stays taken before anyone may register it (0: at once).")
    var releasedNameHold = Seconds(ServerConfiguration().releasedNameHold)

    @Option(help: "The mail relay, smtp://user:password@host:587 (default: $OXO_SMTP_URL; none logs each mail's link instead).")
    var smtpURL: String?

    @Option(help: "The sender of mails, \"OXO <oxo@example.org>\" (default: $OXO_MAIL_FROM or OXO <oxo@localhost>).")
    var mailFrom: String?

    @Option(help: "Where people open the web client, for links in mails (default: $OXO_PUBLIC_URL or http://host:port).")
    var publicURL: String?

    @Option(help: "A push service beside FCM, Mozilla's, Apple's and Windows', as HOST or HOST:PORT, that push subscriptions may name (repeatable); 127.0.0.1:PORT also admits plain http:// there.")
    var pushService: [String] = []

    @Flag(help: "Also serve a bare WebSocket echo at /bench/echo, for `oxo bench echo`.")
    var benchEcho = false

    @Flag(help: "Rate bots' games in one pool with people's; by default bots are rated among themselves and a game between a person and a bot moves no rating.")
    var rateBotsWithHumans = false

    @Option(help: "Seconds a stop (SIGTERM, SIGINT) may take: requests, writes and sockets in hand finish, sockets close with 1012, then the process exits; what is left at the end is cut off.")
    var shutdownTimeout = Seconds(ServerConfiguration().shutdownTimeout)

    @Flag(help: "For tests only: the server's clock stands still and moves only by POST /v1/admin/clock (with the admin token), so that a test can run a clock out or pass a deadline without waiting.")
    var testClock = false

    @Option(help: "For tests only, with --test-clock: the moment (ISO 8601, such as 2030-01-01T00:00:00Z) the clock stands at when the server starts; now when left out.")
    var testClockStart: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    @Option(help: "Log lines as text, or as json: one JSON object a line, for log shippers.")
    var logFormat = LogFormat.text

    @Option(help: "/metrics in Prometheus' text format: on (the default) or off.")
    var metrics = Switch.on

    @Option(help: "Serve /metrics on this port of 127.0.0.1 instead of the main port.")
    var metricsPort: Int?

    func run() async throws {
        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.durability = durability
        configuration.bcryptCost = bcryptCost
        configuration.postgresConnectionsPerLoop = postgresConnections
        configuration.databaseWait = .milliseconds(Int64(databaseWait.value * 1000))
        configuration.publicDirectory = publicDirectory ?? BundledWebClient.folder() ?? "Public"
        configuration.requestsPerAddress = requestsPerAddress
        configuration.signInAttemptLimit = signInAttemptLimit
        configuration.registrationLimit = registrationLimit
        configuration.gameCodeLookupLimit = gameCodeLookupLimit
        configuration.uploadLimit = uploadLimit
        configuration.chatMessageLimit = chatMessageLimit
        configuration.socketOpenLimit = socketOpenLimit
        configuration.socketSubscriptionLimit = socketSubscriptionLimit
        configuration.signInAddressLimit = signInAddressLimit
        configuration.passwordHashingThreads = passwordHashingThreads ?? configuration.passwordHashingThreads
        configuration.passwordHashingQueue = passwordHashingQueue
        configuration.trustedProxies = trustedProxy
        configuration.allowedOrigins = allowedOrigin
        configuration.maxSocketQueuedBytes = socketQueueBytes
        configuration.maxSocketQueuedMessages = socketQueueMessages
        configuration.maxSocketWaitingMessages = socketWaitingMessages
        configuration.eventHistoryBytes = eventHistoryBytes
        configuration.maxSocketsPerUser = socketsPerUser
        configuration.maxSocketsPerAddress = socketsPerAddress
        configuration.benchEcho = benchEcho
        configuration.botsRatedWithPeople = rateBotsWithHumans
        configuration.metrics = metrics == .on
        configuration.metricsPort = metricsPort
        configuration.awayGrace = awayGrace.value
        configuration.challengeLifetime = challengeLifetime.value
        configuration.openGameLifetime = openGameLifetime.value
        configuration.tournamentsPerDay = tournamentsPerDay
        configuration.tournamentPairingInterval = tournamentPairingInterval.value
        configuration.housekeepingInterval = housekeepingInterval.value
        configuration.releasedNameHold = releasedNameHold.value
        configuration.shutdownTimeout = shutdownTimeout.value
        configuration.pushServices = pushService
        let environment = ProcessInfo.processInfo.environment
        configuration.adminToken = adminToken ?? environment["OXO_ADMIN_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        if let token = configuration.adminToken { try Self.checkAdminToken(token) }
        let nonEmpty = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        configuration.smtpURL = smtpURL ?? nonEmpty("OXO_SMTP_URL")
        configuration.mailFrom = mailFrom ?? nonEmpty("OXO_MAIL_FROM") ?? configuration.mailFrom
        configuration.publicURL = publicURL ?? nonEmpty("OXO_PUBLIC_URL")
        if let url = configuration.publicURL { try Self.checkPublicURL(url) }
        configuration.storage = data.map { .sqlite(path: $0) }
            ?? ServerConfiguration.storage(environment: environment, fallback: "oxo.sqlite")
        configuration.standbyURL = standbyDatabaseURL ?? nonEmpty("DATABASE_STANDBY_URL")
        if let standby = configuration.standbyURL { try Self.checkStandby(standby, storage: configuration.storage) }

        try await ServerRunner.run(configuration, testClock: try testClockOption(), logLevel: logLevel, logFormat: logFormat)
    }

    enum Switch: String, ExpressibleByArgument { case on, off }
}

extension LogFormat: ExpressibleByArgument {}

extension ServerConfiguration.Durability: ExpressibleByArgument {}
