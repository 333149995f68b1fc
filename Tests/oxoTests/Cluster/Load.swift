import Foundation
import NIOConcurrencyHelpers
import OXOClient
import OXOProtocol
import Testing

/// Pairs of players playing through the cluster over their sockets, each move followed by
/// a chat message in the players' room, and watchers following the pairs' games: what the
/// cluster tests do to it, and what was acknowledged, to check afterwards.
final class Load: Sendable {
    struct Player: Sendable {
        let client: OXOClient
        let id: UserID
        let follower: Follower
    }

    struct Pair: Sendable {
        let x: Player
        let o: Player
        let watcher: Player
    }

    let pairs: [Pair]
    let watchers: [Player]
    private let cluster: URL
    private let moves = Ledger()
    private let chats = NIOLockedValueBox<[ChatMessage]>([])
    /// Which pair (by index) played each game.
    private let pairOfGame = NIOLockedValueBox<[GameID: Int]>([:])
    private let stopping = NIOLockedValueBox(false)
    private let finished = NIOLockedValueBox(false)
    private let playing = NIOLockedValueBox<Task<Void, Never>?>(nil)
    private let failures = NIOLockedValueBox<[String]>([])
    /// When each pair (by index) last had a move acknowledged.
    private let movedAt = NIOLockedValueBox<[Int: ContinuousClock.Instant]>([:])
    /// Every acknowledgement's moment, by pair, for the spread after an event.
    private let firstMoves = NIOLockedValueBox<[Int: [ContinuousClock.Instant]]>([:])
    /// What each pair (by index) awaits now and since when: what a stuck pair is stuck on.
    private let awaiting = NIOLockedValueBox<[Int: (what: String, since: ContinuousClock.Instant)]>([:])

    private init(pairs: [Pair], watchers: [Player], cluster: URL) {
        self.pairs = pairs
        self.watchers = watchers
        self.cluster = cluster
    }

    /// Registers `pairs` pairs and `watchers` watchers through nginx, opens their sockets and
    /// starts the pairs playing `gamesEach` games each, `pause` after each move.
    static func start(on cluster: Cluster, pairs count: Int, watchers watcherCount: Int, pause: Duration,
                      gamesEach: Int = 1) async throws -> Load {
        var watchers: [Player] = []
        for index in 0..<watcherCount { watchers.append(try await player("watcher\(index)", on: cluster)) }
        var pairs: [Pair] = []
        for index in 0..<count {
            pairs.append(Pair(x: try await player("playerx\(index)", on: cluster), o: try await player("playero\(index)", on: cluster),
                              watcher: watchers[index % watcherCount]))
        }
        let load = Load(pairs: pairs, watchers: watchers, cluster: cluster.url)
        let indices = pairs.indices
        load.playing.withLockedValue { playing in
            playing = Task {
                await withTaskGroup(of: Void.self) { group in
                    for index in indices { group.addTask { await load.play(index, games: gamesEach, pause: pause) } }
                }
                load.finished.withLockedValue { $0 = true }
            }
        }
        return load
    }

    static func register(_ name: String, on cluster: Cluster) async throws -> OXOClient {
        try await OXOClient.register(username: name, email: "\(name)@example.org", password: "password-\(name)", at: cluster.url)
    }

    private static func player(_ name: String, on cluster: Cluster) async throws -> Player {
        let client = try await register(name, on: cluster)
        let id = try #require(await client.user?.id)
        let follower = try await Follower(client, following: [.user(id)])
        return Player(client: client, id: id, follower: follower)
    }

    private func play(_ index: Int, games: Int, pause: Duration) async {
        let pair = pairs[index]
        let doing = { [awaiting] (what: String) in awaiting.withLockedValue { $0[index] = (what, .now) } }
        for _ in 0..<games where !stopping.withLockedValue({ $0 }) {
            do {
                doing("starting a game")
                var game = try await Self.start(x: pair.x.client, o: pair.o.client)
                pairOfGame.withLockedValue { $0[game.id] = index }
                for player in [pair.x, pair.o] {
                    await player.follower.live.subscribe(.game(game.id))
                    await player.follower.live.subscribe(.chat(.players(game.id)))
                }
                await pair.watcher.follower.live.subscribe(.game(game.id))
                while game.phase == .live, let turn = game.turn, let cell = game.board.emptyCells.randomElement() {
                    let number = game.moves.count + 1
                    let mover = turn == .x ? pair.x : pair.o
                    doing("move \(number) of game \(game.id) by \(turn) (\(mover.id)) over its socket")
                    game = try await mover.follower.live.move(game: game.id, cell: cell, moveNumber: number)
                    moves.record(game: game.id, number: number, cell: cell)
                    let now = ContinuousClock.now
                    movedAt.withLockedValue { $0[index] = now }
                    firstMoves.withLockedValue { $0[index, default: []].append(now) }
                    let id = game.id
                    doing("chat message after move \(number) of game \(id)")
                    let message = try await Self.retrying { try await mover.client.sendMessage("move \(number)", to: .players(id)) }
                    chats.withLockedValue { $0.append(message) }
                    doing("pausing after move \(number)")
                    try await Task.sleep(for: pause)
                }
            } catch {
                failures.withLockedValue { $0.append("pair \(index): \(error)") }
                doing("nothing: it failed with \(error)")
                return
            }
        }
    }

    /// A game between `x` and `o`. Requests go through nginx to any node; one that fails on
    /// its way (a node killed while it was answering) is sent again.
    private static func start(x: OXOClient, o: OXOClient) async throws -> GameView {
        let created = try await retrying { try await x.createGame(side: .x) }
        return try await retrying {
            do {
                return try await o.join(created.id)
            } catch let error as APIError where error.code == .alreadySeated {
                return try await o.game(created.id)
            }
        }
    }

    private static func retrying<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        for _ in 0..<20 {
            do {
                return try await body()
            } catch let error as APIError where ![.shuttingDown, .storageUnavailable, .databaseUnavailable].contains(error.code) {
                throw error
            } catch {
                try await Task.sleep(for: .milliseconds(250))
            }
        }
        return try await body()
    }

    var movesAcknowledged: Int { moves.count }

    func waitForMoves(_ count: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(90)
        while moves.count < count {
            guard ContinuousClock.now < deadline else { throw TooSlow(moves: moves.count, wanted: count) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// How long after `instant` the last pair to do so had a move acknowledged, once every
    /// pair has had one after it; nil when some pair had none within `limit`.
    func everyPairMoved(after instant: ContinuousClock.Instant, within limit: Duration) async throws -> Duration? {
        while true {
            let times = movedAt.withLockedValue { $0 }
            let after = pairs.indices.compactMap { times[$0] }.filter { $0 > instant }
            if after.count == pairs.count, let last = after.max() { return last - instant }
            guard ContinuousClock.now < instant + limit else { return nil }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// For each pair, how long after `instant` its first move acknowledged after it came:
    /// the fastest, the median, the 90th percentile and the slowest, in seconds.
    func spread(after instant: ContinuousClock.Instant) -> String {
        let firsts = firstMoves.withLockedValue { $0 }.compactMap { pair, times in times.first { $0 > instant } }
            .map { Double(($0 - instant).components.seconds) + Double(($0 - instant).components.attoseconds) / 1e18 }.sorted()
        guard !firsts.isEmpty else { return "no pair moved" }
        let at = { (share: Double) in String(format: "%.1f", firsts[min(Int(Double(firsts.count - 1) * share), firsts.count - 1)]) }
        return "first moves after it: fastest \(at(0)) s, median \(at(0.5)) s, 90 % \(at(0.9)) s, slowest \(at(1)) s"
    }

    /// Pairs that have had no move acknowledged after `instant`.
    func pairsStill(waitingSince instant: ContinuousClock.Instant) -> [Int] {
        let times = movedAt.withLockedValue { $0 }
        return pairs.indices.filter { (times[$0] ?? instant) <= instant }
    }

    /// Each pair that has had no move acknowledged after `instant`: what it awaits, for how
    /// long, and what its players' sockets last said (a line a pair).
    func stuckPairs(since instant: ContinuousClock.Instant) -> String {
        let awaiting = awaiting.withLockedValue { $0 }
        return pairsStill(waitingSince: instant).map { index in
            let pair = pairs[index]
            let what = awaiting[index].map { "\($0.what), for \(ContinuousClock.now - $0.since)" } ?? "nothing yet"
            return "pair \(index) awaits \(what); x \(pair.x.id): \(pair.x.follower.now.connection); o \(pair.o.id): \(pair.o.follower.now.connection)"
        }.joined(separator: "\n")
    }

    /// Each pair finishes the game it is playing and starts no other.
    func stopAfterTheseGames() {
        stopping.withLockedValue { $0 = true }
    }

    /// Waits for the pairs to stop; with `limit`, a pair still playing after it is a failure
    /// (its task is cancelled) rather than a test that never ends.
    func finish(within limit: Duration? = nil) async throws {
        let task = playing.withLockedValue { $0 }
        if let limit, let task {
            let deadline = ContinuousClock.now + limit
            while ContinuousClock.now < deadline, !finished.withLockedValue({ $0 }) { try await Task.sleep(for: .milliseconds(100)) }
            if !finished.withLockedValue({ $0 }) {
                failures.withLockedValue { $0.append("pairs still playing \(limit) after they were asked to stop: \(pairsStill(waitingSince: deadline - limit))") }
                task.cancel()
            }
        }
        await task?.value
        let failed = failures.withLockedValue { $0 }
        #expect(failed.isEmpty, "every pair played on: \(failed.prefix(3))")
    }

    var summary: String {
        let games = moves.moves
        return "\(pairs.count) pairs and \(watchers.count) watchers played \(games.count) games, \(moves.count) moves and "
            + "\(chats.withLockedValue { $0.count }) chat messages acknowledged, \(followersThatReconnected) sockets reconnected"
    }

    private var followers: [Follower] { pairs.flatMap { [$0.x.follower, $0.o.follower] } + watchers.map(\.follower) }

    var followersThatReconnected: Int { followers.filter { $0.now.reconnects > 0 }.count }

    var restartReconnects: Int { followers.reduce(0) { $0 + $1.now.restartReconnects } }

    /// Reconnects after anything but a server's 1012: a socket that dropped, or that the SDK
    /// closed for an answer that did not come.
    var droppedReconnects: Int { followers.reduce(0) { $0 + $1.now.reconnects - $1.now.restartReconnects } }

    /// Games whose two players' sockets opened on two different nodes and whose watcher's on
    /// the third (from the nodes' logs).
    func gamesWithPlayersOnTwoNodesAndAWatcherOnTheThird(_ cluster: Cluster) -> Int {
        pairs.filter { pair in
            let x = cluster.nodesHoldingSockets(of: pair.x.id), o = cluster.nodesHoldingSockets(of: pair.o.id)
            let watcher = cluster.nodesHoldingSockets(of: pair.watcher.id)
            return x.contains { a in o.contains { b in a != b && watcher.contains { $0 != a && $0 != b } } }
        }.count
    }

    /// Every acknowledged move and chat message is stored, and every player and watcher saw
    /// each game to its stored end and each message of their games.
    func expectNothingLost() async throws {
        let reader = OXOClient(baseURL: cluster, token: await pairs[0].x.client.token, timeout: .seconds(20))
        let pairOfGame = pairOfGame.withLockedValue { $0 }
        var stored: [GameID: GameView] = [:]
        for (id, acknowledged) in moves.moves {
            let game = try await reader.game(id)
            stored[id] = game
            for (number, cell) in acknowledged {
                #expect(game.moves.count >= number && game.moves[number - 1].cell == cell,
                        "move \(number) of game \(id), acknowledged, is stored")
            }
        }
        let messages = chats.withLockedValue { $0 }
        for (room, sent) in Dictionary(grouping: messages, by: \.room) {
            guard case .players(let game) = room, let pair = pairOfGame[game] else { continue }
            let page = try await pairs[pair].x.client.chatHistory(of: room, limit: 50)
            let kept = Set(page.messages.map(\.id))
            for message in sent { #expect(kept.contains(message.id), "chat message \(message.id) in \(room), acknowledged, is stored") }
        }
        for (index, pair) in pairs.enumerated() {
            let own = stored.values.filter { pairOfGame[$0.id] == index }
            let rooms = Set(own.map { ChatRoom.players($0.id) })
            let ownMessages = Set(messages.filter { rooms.contains($0.room) }.map(\.id))
            for player in [pair.x, pair.o, pair.watcher] {
                let isWatcher = player.id == pair.watcher.id
                let sawAll = await player.follower.waitFor { seen in
                    own.allSatisfy { seen.games[$0.id]?.moves.count == $0.moves.count && seen.games[$0.id]?.phase == $0.phase }
                        && (isWatcher || ownMessages.isSubset(of: seen.messages))
                }
                #expect(sawAll, "\(isWatcher ? "the watcher" : "a player") of pair \(index) saw every move of its games to the end\(isWatcher ? "" : ", and every chat message")")
            }
        }
    }

    func close() async {
        stopping.withLockedValue { $0 = true }
        playing.withLockedValue { $0 }?.cancel()
        for follower in followers { await follower.close() }
    }

    struct TooSlow: Error, CustomStringConvertible {
        let moves: Int
        let wanted: Int
        var description: String { "the load acknowledged \(moves) moves in 90 s, not \(wanted)" }
    }
}
