import ArgumentParser
import Foundation
import NIOCore
import OXOCore
import OXOServer
import TicTacToe

/// `oxo bench`: drives a server over real sockets and reports throughput, latency,
/// memory and errors. Without --url it starts its own server, so one command measures
/// from a clean clone.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Load-test the server: moves per second, move latency, sockets and memory.",
        discussion: """
            Scenarios:
              games       pairs of clients (--games) play whole games, moving at once
              sockets     idle signed-in sockets (--sockets); memory per socket
              join-storm  --joiners clients join one game at once, --rounds times
              auth        sign-ups, then logins, per second (--concurrency at a time)
              echo        the games' load on a bare WebSocket echo: the transport's limit
              reconnect   --sockets clients drop at once and resume their inbox at once
              chat        --rooms rooms, one sender (--rate messages a second) and --watchers
                          sockets each: messages stored per second, send to the last watcher
              catalogue   --titles generated games imported, then searched (--concurrency at a time)
              tournament  CPU to pair one wave of an arena of --players who all just finished
                          a game, in process (no server is started)

            Without --url, the same oxo binary is started as `oxo serve` on a free port of \
            127.0.0.1 with a fresh SQLite file in a temporary folder (or on DATABASE_URL when \
            set), and stopped at the end. Progress goes to standard error, the table to \
            standard output. A run with errors says so and exits with status 1.

            Examples:
              oxo bench games
              oxo bench games --games 100 --duration 10 --json games.json --chart games.svg
              oxo bench games --pace --games 5000   # people's pace: p50, p99, p99.9 below capacity
              oxo bench games --api streams         # bots over the API's streams of JSON lines
              DATABASE_URL=postgres://oxo:secret@127.0.0.1:5432/bench oxo bench games
              oxo bench sockets --url http://127.0.0.1:8080 --server-pid 4242
              oxo bench chat --rooms 1 --watchers 1000 --rate 50
              oxo bench catalogue --titles 50000
              oxo bench tournament --players 1000
            """
    )

    @Argument(help: "games, sockets, join-storm, auth, echo, reconnect, chat, catalogue or tournament.")
    var scenario: BenchScenario

    @Option(help: "A running server to drive instead of starting one (it needs high rate limits; see `oxo serve --help`).")
    var url: String?

    @Option(help: "With --url: the server's process id, to read its memory and CPU time.")
    var serverPid: Int32?

    @Option(help: "games, echo: concurrent games, two clients each.")
    var games = 1000

    @Option(help: "games, echo: milliseconds a player waits before moving, on average (default 0, at once: the heaviest load; 1000 with --pace).")
    var think: Double?

    @Option(help: "games: where players learn it is their turn: inbox (your_turn, one subscription for all games) or game (each game's topic, subscribed when it begins and left when it ends).")
    var follow: FollowedTopic = .inbox

    @Option(help: "games: how the players play: socket (one WebSocket each, as the web client) or streams (each game's stream of JSON lines and a POST a move, as a bot through the API).")
    var api: BenchAPI = .socket

    @Flag(help: "games, echo: human pace: each game moves about once a second (--think sets the average), with exponential gaps between moves, as people's are; the round trip then shows the path below capacity.")
    var pace = false

    @Option(help: "games: while they play, one client misbehaves: \(Misbehaviour.allCases.map(\.rawValue).joined(separator: ", ")) (see docs/SECURITY.md).")
    var alongside: Misbehaviour?

    @Option(help: "games: play every game with a clock of minutes+seconds a move, such as 3+2 (casual games when left out).")
    var clock: BenchClock?

    @Option(help: "games: the board every game is played on: \(Variant.allCases.map(\.rawValue).joined(separator: ", ")) (classic when left out).")
    var variant: Variant = .classic

    @Option(help: "sockets: idle signed-in sockets to hold open; reconnect: sockets that drop and resume at once.")
    var sockets = 10_000

    @Option(help: "join-storm: clients that join one game at the same instant.")
    var joiners = 200

    @Option(help: "join-storm: how many times.")
    var rounds = 20

    @Option(help: "chat: rooms, each with one sender.")
    var rooms = 100

    @Option(help: "chat: sockets following each room.")
    var watchers = 20

    @Option(help: "chat: messages a second each room's sender says.")
    var rate = 1.0

    @Option(help: "catalogue: generated games to import before searching (only into a server the bench starts).")
    var titles = 50_000

    @Option(help: "tournament: the arena's players.")
    var players = 1000

    @Option(help: "auth, catalogue: requests in flight at once.")
    var concurrency = 16

    @Option(help: "Seconds: games and echo run this long, auth registers and then logs in this long each, sockets stay open this long, catalogue searches this long (default 30, 10 for auth, sockets and catalogue).")
    var duration: Double?

    @Option(help: "The started server's bcrypt cost (default 12 for auth, as in production; 4 for the others, whose accounts are only set-up).")
    var bcryptCost: Int?

    @Option(help: "The started server's SQLite durability: normal or full.")
    var durability: ServerConfiguration.Durability = .normal

    @Option(help: "Spread sockets over this many local addresses 127.0.0.1, .2, … (default: as many as the ephemeral ports need).")
    var sourceAddresses: Int?

    @Option(help: "Write the results as JSON to this file.")
    var json: String?

    @Option(help: "Write the latency distribution as an SVG chart to this file.")
    var chart: String?

    func validate() throws {
        if let think, !(think >= 0) { throw ValidationError("--think must be 0 or more milliseconds.") }
        if pace, think == 0 { throw ValidationError("--pace needs a --think above 0 milliseconds.") }
        guard games >= 1, sockets >= 1, joiners >= 2, rounds >= 1, concurrency >= 1, rooms >= 1, watchers >= 1, titles >= 1 else {
            throw ValidationError("--games, --sockets, --rounds, --concurrency, --rooms, --watchers and --titles must be at least 1, "
                                  + "--joiners at least 2.")
        }
        guard rate > 0, rate <= 1000 else { throw ValidationError("--rate must be more than 0 and at most 1000 messages a second.") }
        if let duration, !(duration > 0) { throw ValidationError("--duration must be more than 0 seconds.") }
        if let bcryptCost, !(4...31).contains(bcryptCost) { throw ValidationError("--bcrypt-cost must be from 4 to 31.") }
        if let sourceAddresses, !(1...254).contains(sourceAddresses) {
            throw ValidationError("--source-addresses must be from 1 to 254.")
        }
        if serverPid != nil, url == nil { throw ValidationError("--server-pid goes with --url; a started server is measured anyway.") }
        if let url, URL(string: url)?.host == nil { throw ValidationError("--url must be like http://127.0.0.1:8080.") }
    }

    func run() async throws {
        if scenario == .tournament {
            guard players >= 2 else { throw ValidationError("--players must be at least 2.") }
            try TournamentScenario(players: players, waves: 10, repeats: 20).run(json: json)
            return
        }
        let fileLimit = OpenFileLimit.raise()
        let cost = bcryptCost ?? (scenario == .auth ? 12 : 4)
        let server: BenchServer?
        let target: BenchTarget
        if let url {
            server = nil
            target = BenchTarget(baseURL: URL(string: url)!, serverPid: serverPid,
                                     storage: "the server at \(url)", connections: connectionsNeeded,
                                     sourceAddresses: sourceAddresses)
        } else {
            let started = try await BenchServer.start(bcryptCost: cost, durability: durability, fileLimit: fileLimit)
            server = started
            target = BenchTarget(baseURL: started.baseURL, serverPid: started.pid, storage: started.storage,
                                     connections: connectionsNeeded, sourceAddresses: sourceAddresses)
        }
        let report: BenchReport
        do {
            report = try await runScenario(on: target, bcryptCost: url == nil ? cost : bcryptCost, data: server?.data)
        } catch {
            await target.shutdown()
            server?.stop()
            throw error
        }
        await target.shutdown()
        server?.stop()

        print(report.table(), terminator: "")
        if let json { try report.writeJSON(to: json) }
        if let chart, let svg = LatencyChart(title: "\(report.title) (\(report.storage))", series: report.latencies).svg() {
            try svg.write(toFile: chart, atomically: true, encoding: .utf8)
        }
        if !report.passed { throw ExitCode(1) }
    }

    private var thinkTime: ThinkTime {
        let milliseconds = think ?? (pace ? 1000 : 0)
        return ThinkTime(mean: .nanoseconds(Int64(milliseconds * 1_000_000)), exponential: pace)
    }

    /// The sockets a scenario holds at once, for the connection pool and the source addresses.
    private var connectionsNeeded: Int {
        switch scenario {
        // Over the streams each player holds its game's stream and POSTs its moves beside it.
        case .games where api == .streams: 4 * games
        case .games, .echo: 2 * games
        case .sockets, .reconnect: sockets
        case .joinStorm: joiners + 1
        case .auth, .catalogue: concurrency
        case .chat: rooms * watchers + rooms
        case .tournament: 0
        }
    }

    private func runScenario(on target: BenchTarget, bcryptCost: Int?, data: ServerConfiguration.Storage?) async throws -> BenchReport {
        let progress = ProgressLine(scenario: scenario.rawValue)
        switch scenario {
        case .games where api == .streams:
            return try await StreamGamesScenario(games: games, duration: duration ?? 30, think: thinkTime, clock: clock, variant: variant)
                .run(on: target, progress: progress)
        case .games:
            return try await GamesScenario(games: games, duration: duration ?? 30, think: thinkTime, follow: follow, alongside: alongside,
                                           clock: clock, variant: variant)
                .run(on: target, progress: progress)
        case .echo:
            return try await EchoScenario(pairs: games, duration: duration ?? 30, think: thinkTime)
                .run(on: target, progress: progress)
        case .sockets:
            return try await SocketsScenario(sockets: sockets, hold: duration ?? 10).run(on: target, progress: progress)
        case .reconnect:
            return try await ReconnectScenario(sockets: sockets).run(on: target, progress: progress)
        case .joinStorm:
            return try await JoinStormScenario(joiners: joiners, rounds: rounds).run(on: target, progress: progress)
        case .chat:
            return try await ChatScenario(rooms: rooms, watchers: watchers, rate: rate, duration: duration ?? 30)
                .run(on: target, progress: progress)
        case .auth:
            return try await AuthScenario(concurrency: concurrency, duration: duration ?? 10, bcryptCost: bcryptCost)
                .run(on: target, progress: progress)
        case .catalogue:
            return try await CatalogueScenario(titles: titles, concurrency: concurrency, duration: duration ?? 10, storage: data)
                .run(on: target, progress: progress)
        case .tournament:
            throw ValidationError("tournament runs in process, without a server.")
        }
    }
}

enum BenchScenario: String, CaseIterable, ExpressibleByArgument {
    case games, sockets, joinStorm = "join-storm", auth, echo, reconnect, chat, catalogue, tournament
}

/// How the games scenario's players reach the server.
enum BenchAPI: String, Sendable, CaseIterable, ExpressibleByArgument {
    case socket, streams
}
