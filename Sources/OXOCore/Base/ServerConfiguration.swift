import Foundation

/// Everything the server needs to know, read once (from flags, the environment and
/// defaults by `oxo serve`, or set directly by tests) and handed to `configure`.
public struct ServerConfiguration: Sendable {
    public enum Storage: Sendable, Equatable {
        /// A SQLite file, in WAL mode.
        case sqlite(path: String)
        /// A PostgreSQL URL such as postgres://user:pass@127.0.0.1:5432/oxo.
        case postgres(url: String)

        var isSQLite: Bool { sqlitePath != nil }

        /// The SQLite file's path; nil on PostgreSQL.
        package var sqlitePath: String? {
            if case .sqlite(let path) = self { return path }
            return nil
        }
    }

    /// How hard a commit tries to reach the disk (SQLite only; PostgreSQL keeps its own
    /// setting). `normal` survives a crash of the process, `full` also a power cut.
    public enum Durability: String, Sendable, CaseIterable {
        case normal, full
    }

    public var host = "127.0.0.1"
    /// 0 picks a free port, which tests use.
    public var port = 8080
    public var storage = Storage.sqlite(path: "oxo.sqlite")
    public var durability = Durability.normal
    /// The size past which SQLite's writer copies its write-ahead log back and lets it
    /// start over even while writes never pause (`GroupCommit.restartLog`); about the most
    /// disk the log takes beside the data file.
    public var writeAheadLogLimit = 64 << 20
    /// How many PostgreSQL connections each event loop (one per core) may hold. Half of
    /// them at most run groups of changes at once, and the more groups are in their
    /// transactions the more of each statement's round trip is hidden: with the server held
    /// to one core, 8 made about a fifth more moves a second than 4 did. SQLite, with its
    /// one writer, keeps one per loop.
    public var postgresConnectionsPerLoop = 8
    /// A PostgreSQL standby of `storage`'s database (a URL like its own) for the reads
    /// whose answer may be a moment old: the leaderboard, the catalogue, other players'
    /// profiles (`StandbyReads`). Nil: every read goes to the primary.
    public var standbyURL: String?
    /// How long a request waits for one of the pool's connections before it is answered
    /// `503 storage_unavailable` with `Retry-After`: a server more loaded than its
    /// database can serve sheds what waits longest instead of queueing without end. On
    /// PostgreSQL also how long a write transaction may take before its connection is closed
    /// and its changes answered `503 database_unavailable` (`TransactionDeadline`).
    public var databaseWait: Duration = .seconds(10)
    /// How long `/health/ready` waits for the database to answer before it reports the
    /// process not ready: a load balancer should stop sending work to a database that slow.
    public var readinessTimeout: Duration = .seconds(2)
    /// bcrypt's work factor: 2^cost rounds. Tests lower it to the minimum, 4.
    public var bcryptCost = 12
    /// A session ends after this long without use.
    public var sessionIdleLifetime: TimeInterval = 30 * 24 * 3600
    /// The largest request body accepted, in bytes.
    public var maxBodySize = 16 * 1024
    /// How often the server pings each socket; a socket that misses a pong is closed.
    public var socketPingInterval: TimeInterval = 30
    /// Seconds between the empty lines that keep an idle stream of JSON lines open.
    public var streamKeepAliveInterval: TimeInterval = 5
    /// Live games a bot may play at once; past them it is refused new ones (`rate_limited`).
    public var botGamesAtOnce = 20
    /// What may wait in this process to be written to one socket, in bytes and in
    /// messages; a client that falls further behind is closed (1013) and resumes.
    public var maxSocketQueuedBytes = 1 << 20
    public var maxSocketQueuedMessages = 1000
    /// An HTTP connection that sends and receives nothing for this long is closed: one
    /// that never finishes its request would otherwise hold one of the server's open files
    /// for ever. Longer than HTTP clients keep an idle connection for reuse (AsyncHTTPClient,
    /// which the SDK uses, 60 s), so that the client, not the server, closes a kept-alive
    /// connection: a server closing it first races the client's next request on it, which
    /// then fails. Sockets are not timed out so: their pings find a peer that is gone.
    public var idleConnectionTimeout: TimeInterval = 90
    /// How many sockets one user may have open on this process; the next upgrade is
    /// refused with `rate_limited`.
    public var maxSocketsPerUser = 20
    /// How many sockets one client address may have open on this process, whoever signed
    /// in: guests cost nothing to make, so the cap per user alone does not bound one
    /// client. Behind a proxy, name it with `trustedProxies` or every client shares its address.
    public var maxSocketsPerAddress = 500
    /// How many of a client's messages may wait on one socket to be handled; a client
    /// that sends faster than that is closed (1008).
    public var maxSocketWaitingMessages = 100
    /// How many missed events a resubscribing client is sent before a snapshot is
    /// cheaper.
    public var resumeLimit = 200
    /// Requests one client address may make at once, whatever they are; it may then make
    /// a tenth of that a second (`AddressBudget`). Behind a proxy, name it with
    /// `trustedProxies`, or every client shares the proxy's budget.
    public var requestsPerAddress = 1000
    /// Failed sign-ins allowed per login name from one client address in 15 minutes, so
    /// that guesses from elsewhere never lock a player out.
    public var signInAttemptLimit = 10
    /// Sign-in attempts allowed per client address in 15 minutes, whatever the login.
    public var signInAddressLimit = 100
    /// Threads that hash passwords (bcrypt), apart from the database's, and how many
    /// hashes may wait for them; a sign-in beyond that is refused with `rate_limited`.
    public var passwordHashingThreads = max(1, ProcessInfo.processInfo.activeProcessorCount / 2)
    public var passwordHashingQueue = 16
    /// Proxies whose `X-Forwarded-For` names the client; the header is ignored from
    /// any other peer.
    public var trustedProxies: [String] = []
    /// Origins besides the server's own whose pages may open the socket, such as
    /// `https://play.example.org`; a browser names the page's origin on the upgrade.
    public var allowedOrigins: [String] = []
    /// Registrations allowed per client address in an hour.
    public var registrationLimit = 30
    /// Look-ups of games by share code (not by id) allowed per user and per client address
    /// in a minute: a code is short enough to guess, so guessing must be slow.
    public var gameCodeLookupLimit = 60
    /// Photo uploads allowed per user in an hour: each may be 2 MB, and each new one is
    /// kept.
    public var uploadLimit = 20
    /// Photo bodies (2 MB each) one user may have arriving at once, and all users together:
    /// what uploads held open can make the server keep in memory (16 × 2 MB).
    public var uploadsInFlightPerUser = 2
    public var uploadsInFlight = 16
    /// The moderators' token for `/v1/admin` (`oxo admin`); nil closes those routes. At
    /// least `minimumAdminTokenLength` characters: a token of one letter was taken.
    public var adminToken: String?
    public static let minimumAdminTokenLength = 32
    /// Wrong admin tokens one client address may send in 15 minutes; past that it is
    /// refused `rate_limited`, even with the right one, until the oldest leaves the window.
    public var adminGuessLimit = 10
    /// Chat messages one user may send in 5 seconds, across every room.
    public var chatMessageLimit = 5
    /// Sockets one user may open in a minute: a client that is refused or closed and comes
    /// straight back costs the server an upgrade and its sign-in check each time.
    public var socketOpenLimit = 30
    /// Subscriptions one socket may ask for in 10 seconds; each reads a snapshot or what
    /// was missed, so past this they are refused (`rate_limited`) without that work.
    public var socketSubscriptionLimit = 30
    /// The web client's folder, served at `/`; nil serves none.
    public var publicDirectory: String? = "Public"
    /// Where the current time comes from; tests move it by hand.
    public var clock: ServerClock = .system
    /// Seeds the computer player; nil draws a random seed at start.
    public var computerSeed: UInt64?
    /// How long a seated player may be gone from a live game before the opponent may claim
    /// the win; the server settles it itself after twice this.
    public var awayGrace: TimeInterval = 60
    /// How long a challenge waits for an answer.
    public var challengeLifetime: TimeInterval = 60
    /// How many challenges one player may have waiting at once, so nobody can flood
    /// everyone online.
    public var waitingChallengeLimit = 10
    /// How many tournaments one player may create in 24 hours.
    public var tournamentsPerDay = 5
    /// How often a running arena pairs its free players, and a Swiss event looks for a
    /// round to start (on the clock timer's beat).
    public var tournamentPairingInterval: TimeInterval = 2
    /// How long an open game waits for someone to join before it is removed.
    public var openGameLifetime: TimeInterval = 30 * 60
    /// How often the housekeeping timer looks for due work, and how often each process
    /// tells the database its clients are still connected. A connection not confirmed
    /// for three of these (its process died) is cleared.
    public var housekeepingInterval: TimeInterval = 5
    /// How often the timer looks for clocks and correspondence deadlines that ran out, so
    /// that a flag falls within a second of zero.
    public var clockCheckInterval: TimeInterval = 0.5
    /// How long a correspondence challenge waits for an answer: the friend may be away for days.
    public var correspondenceChallengeLifetime: TimeInterval = 7 * 24 * 3600
    /// How long a guest's account that never registered is kept.
    public var guestLifetime: TimeInterval = 24 * 3600
    /// How long a deleted account's username stays taken before anyone may register it.
    public var releasedNameHold: TimeInterval = 30 * 24 * 3600
    /// Exports of everything the server holds about a user, per user per hour.
    public var exportLimit = 3
    /// How long a notification stays in its player's inbox.
    public var notificationRetention: TimeInterval = 30 * 24 * 3600
    /// The bytes of recent events kept in memory for clients that resume (`TopicHistory`),
    /// beside the last `resumeLimit` of each topic; past it, the topics heard of least
    /// recently are dropped, and their resumes get a snapshot.
    public var eventHistoryBytes = 64 << 20
    /// Serves a bare WebSocket echo at `/bench/echo`, for `oxo bench echo` to measure the
    /// transport without the game; off in production.
    public var benchEcho = false
    /// Serves `/metrics` (Prometheus' text format): on the main port to the loopback
    /// address and to the admin token, or, with `metricsPort`, on a port of its own on
    /// 127.0.0.1 only (0 picks a free one).
    public var metrics = true
    public var metricsPort: Int?
    /// The most seconds a stop (SIGTERM or SIGINT) takes from the signal to the exit:
    /// requests and writes in flight finish, sockets are closed (1012) and answer, within
    /// it; what is left then is cut off.
    public var shutdownTimeout: Double = 10
    /// Rates bots' games with people's in one pool; by default bots are rated among
    /// themselves and a game between a person and a bot moves no rating (`RatingPool`).
    public var botsRatedWithPeople = false
    /// Imports the catalogue shipped with the server when it starts on a database that
    /// has not seen this version of it.
    public var importsEmbeddedCatalogue = true

    // Mail: password resets and address verification (docs/PROTOCOL.md, "Mail").
    /// The relay mail goes out through, such as `smtp://user:pass@smtp.example.org:587`;
    /// nil sends none, and the server logs each mail's link instead.
    public var smtpURL: String?
    /// The sender of every mail: `OXO <oxo@example.org>` or a bare address.
    public var mailFrom = "OXO <oxo@localhost>"
    /// Where people open the web client, for the links in mails, such as
    /// `https://play.example.org`; nil: `http://<host>:<port>` of this process.
    public var publicURL: String?
    /// How long the sender waits before it tries again a mail the relay did not take;
    /// doubled at each failure, up to an hour. A mail is given up after two days.
    public var mailRetryDelay: TimeInterval = 30
    /// How often the sender looks in the outbox for mail that is due, beside being woken by
    /// this process's own mail: mail another process queued, or one due again.
    public var mailPollInterval: TimeInterval = 10
    /// Password-reset requests allowed per e-mail address and per client address, and
    /// reset mails per account, in an hour.
    public var passwordResetLimit = 5

    // Web Push (docs/PROTOCOL.md, "Push notifications").
    /// Push services beside the known ones (FCM, Mozilla, Apple, Windows) whose endpoints
    /// subscriptions may name, as `HOST` or `HOST:PORT`; `127.0.0.1:PORT` also admits plain
    /// `http://` there (a local stand-in).
    public var pushServices: [String] = []
    /// How long the sender waits before it tries a push again after a 429, a 5xx or no
    /// answer (or what `Retry-After` says, if longer); doubled at each failure.
    public var pushRetryDelay: TimeInterval = 10
    /// How often the sender looks for pushes due, beside being woken by this process's own.
    public var pushPollInterval: TimeInterval = 10
    /// How long one exchange with a push service may take, from the connection to the
    /// answer's last byte; one that takes longer is given up and tried again later.
    public var pushTimeout: TimeInterval = 10

    public init() {}

    /// The storage named by the environment: `DATABASE_URL` for PostgreSQL, else
    /// `OXO_DATA` for the SQLite file, else `fallback`.
    public static func storage(environment: [String: String], fallback: String) -> Storage {
        if let url = environment["DATABASE_URL"], !url.isEmpty { return .postgres(url: url) }
        return .sqlite(path: environment["OXO_DATA"].flatMap { $0.isEmpty ? nil : $0 } ?? fallback)
    }
}
