import Foundation
import OXOClient
import OXOProtocol
@testable import OXOCore
@testable import OXOPlay
@testable import OXOServer
import SQLKit
import Testing
import TicTacToe

/// Tournaments played through the real server: players join over HTTP, the test clock
/// starts them, the timer pairs them, the games are played (resigned) through the API,
/// and the standings are held to points counted by hand.
@Suite("Tournaments are paired, played and scored through the server")
struct TournamentTests {
    /// Moves the clock on and waits until the clock timer (which pairs tournaments) has run.
    static func beat(_ server: TestServer, _ clock: ManualClock, by seconds: TimeInterval = 2.5) async throws {
        try await server.advance(clock, by: seconds, timer: \.completedClockRuns)
    }

    static func arena(starting clock: ManualClock, in minutes: Int = 20) -> CreateTournamentRequest {
        CreateTournamentRequest(kind: .arena, name: "Friday arena", timeControl: .clock(minutes: 30, increment: 0),
                                startsAt: clock.clock.now.addingTimeInterval(60), durationMinutes: minutes)
    }

    /// Ends every game being played in the tournament: `winner` names who wins each, and the other resigns.
    static func finishGames(of tournament: Tournament, clients: [UserID: OXOClient],
                            winner: (TournamentPairing) -> UserID) async throws -> [(winner: UserID, loser: UserID)] {
        var results: [(UserID, UserID)] = []
        for pairing in tournament.games where pairing.result == nil {
            let game = try #require(pairing.game)
            let won = winner(pairing)
            let lost = won == pairing.x.id ? pairing.o.id : pairing.x.id
            _ = try await clients[lost]!.resign(game)
            results.append((won, lost))
        }
        return results
    }

    /// Four players, each with a socket open (an arena pairs only players who are online).
    static func fourOnline(on server: TestServer) async throws
        -> (clients: [UserID: OXOClient], sockets: [RealtimeConnection], ids: [String: UserID]) {
        var clients: [UserID: OXOClient] = [:], sockets: [RealtimeConnection] = [], ids: [String: UserID] = [:]
        for name in ["alice", "bob", "carol", "dave"] {
            let client = try await server.player(name)
            let id = try await client.id()
            ids[name] = id
            clients[id] = client
            sockets.append(try await client.goOnline())
        }
        return (clients, sockets, ids)
    }

    @Test func anArenaPairsWavesCountsStreaksAndAGameStartedBeforeTheEnd() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let (clients, sockets, ids) = try await Self.fourOnline(on: server)
            let aliceID = try #require(ids["alice"])
            let alice = try #require(clients[aliceID])
            let created = try await alice.createTournament(Self.arena(starting: clock))
            #expect(created.state == .scheduled && created.rules.contains("worth 4"))
            for client in clients.values { try await client.joinTournament(created.id) }
            try await clients[ids["bob"]!]!.joinTournament(created.id)  // twice: nothing changes
            #expect(try await alice.tournament(created.id).standings.count == 4)

            // alice wins every game; in the others X wins.
            let winner: @Sendable (TournamentPairing) -> UserID = { pairing in
                pairing.x.id == aliceID || pairing.o.id == aliceID ? aliceID : pairing.x.id
            }
            var played: [(winner: UserID, loser: UserID)] = []
            try await Self.beat(server, clock, by: 61)
            for wave in 1...3 {
                let running = try await alice.tournament(created.id)
                #expect(running.state == .running)
                #expect(running.games.count == 2, "wave \(wave): everyone paired")
                let seated = running.games.flatMap { [$0.x.id, $0.o.id] }
                #expect(Set(seated).count == 4, "nobody twice in a wave")
                let mine = try await alice.tournament(created.id).you
                #expect(mine?.nextGame != nil)
                let next = try await alice.nextTournamentGame(in: created.id)
                #expect(next?.timeControl?.initialSeconds == 1800)
                played += try await Self.finishGames(of: running, clients: clients, winner: winner)
                #expect(try await alice.tournament(created.id).games.isEmpty)
                try await Self.beat(server, clock)
            }
            // The fourth wave starts before the end and finishes after it: it counts.
            let last = try await alice.tournament(created.id)
            #expect(last.games.count == 2)
            try await Self.beat(server, clock, by: 20 * 60)
            #expect(try await alice.tournament(created.id).state == .finished)
            played += try await Self.finishGames(of: last, clients: clients, winner: winner)
            try await Self.beat(server, clock)
            let final = try await alice.tournament(created.id)
            #expect(final.games.isEmpty, "nothing paired after the end")

            // Points by hand: 2 a win, 4 a win after two wins in a row, 0 a loss.
            var expected: [UserID: Double] = [:], run: [UserID: Int] = [:]
            for game in played {
                expected[game.winner, default: 0] += run[game.winner, default: 0] >= 2 ? 4 : 2
                run[game.winner, default: 0] += 1
                run[game.loser] = 0
                expected[game.loser, default: 0] += 0
            }
            #expect(expected[aliceID] == 12, "2 + 2 + 4 + 4")
            for line in final.standings {
                #expect(line.points == expected[line.player.id] ?? 0, "\(line.player.username)")
            }
            #expect(final.standings.first?.player.id == aliceID)
            #expect(final.standings.first?.streak == 4)
            #expect(final.standings.map(\.points) == final.standings.map(\.points).sorted(by: >))
            let trophies = try await alice.tournaments(of: aliceID)
            #expect(trophies.first?.trophy == true && trophies.first?.place == 1)
            for socket in sockets { await socket.close() }
        }
    }

    @Test func aSwissOfFivePlayersGivesByesNeverRepeatsAndBreaksTies() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            var clients: [UserID: OXOClient] = [:]
            var creator: OXOClient?
            for name in ["ann", "ben", "cat", "dan", "eve"] {
                let client = try await server.player(name)
                clients[try await client.id()] = client
                if creator == nil { creator = client }
            }
            let owner = try #require(creator)
            let swiss = try await owner.createTournament(CreateTournamentRequest(
                kind: .swiss, name: "Swiss by post", timeControl: .correspondence(days: 1),
                startsAt: clock.clock.now.addingTimeInterval(60), rounds: 3))
            for client in clients.values { try await client.joinTournament(swiss.id) }
            try await Self.beat(server, clock, by: 61)

            var met: Set<Set<UserID>> = [], byes: [UserID] = []
            var rounds: [(games: [(x: UserID, o: UserID, winner: UserID)], bye: UserID)] = []
            for number in 1...3 {
                let round = try await owner.tournament(swiss.id)
                #expect(round.round == number)
                #expect(round.games.count == 2)
                let seated = Set(round.games.flatMap { [$0.x.id, $0.o.id] })
                let bye = try #require(Set(clients.keys).subtracting(seated).first)
                #expect(!byes.contains(bye), "a second bye in round \(number)")
                byes.append(bye)
                for pairing in round.games {
                    #expect(met.insert([pairing.x.id, pairing.o.id]).inserted, "a rematch in round \(number)")
                }
                // X wins every game.
                _ = try await Self.finishGames(of: round, clients: clients) { $0.x.id }
                rounds.append((round.games.map { ($0.x.id, $0.o.id, $0.x.id) }, bye))
                try await Self.beat(server, clock)
            }
            let final = try await owner.tournament(swiss.id)
            #expect(final.state == .finished)

            // Points, Buchholz and Sonneborn–Berger by hand (a bye counts its player's own points).
            var points: [UserID: Double] = [:]
            for round in rounds {
                points[round.bye, default: 0] += 1
                for game in round.games { points[game.winner, default: 0] += 1 }
            }
            for line in final.standings {
                let me = line.player.id
                var buchholz = 0.0, sonnebornBerger = 0.0
                for round in rounds {
                    if round.bye == me {
                        buchholz += points[me] ?? 0
                        sonnebornBerger += points[me] ?? 0
                    }
                    for game in round.games where game.x == me || game.o == me {
                        let opponent = game.x == me ? game.o : game.x
                        buchholz += points[opponent] ?? 0
                        if game.winner == me { sonnebornBerger += points[opponent] ?? 0 }
                    }
                }
                #expect(line.points == points[me] ?? 0, "\(line.player.username)")
                #expect(line.buchholz == buchholz, "\(line.player.username)")
                #expect(line.sonnebornBerger == sonnebornBerger, "\(line.player.username)")
                #expect(line.games == 3)
            }
            let order = final.standings.map { ($0.points, $0.buchholz ?? 0, $0.sonnebornBerger ?? 0) }
            #expect(zip(order, order.dropFirst()).allSatisfy { $0 >= $1 }, "points, then Buchholz, then Sonneborn–Berger")
            #expect(final.standings.map(\.rank) == [1, 2, 3, 4, 5])
        }
    }

    @Test func aPlayerNotThereWhenAClockedRoundStartsLosesItAndIsWithdrawnAtTheSecond() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let ann = try await server.player("ann"), ben = try await server.player("ben")
            let swiss = try await ann.createTournament(CreateTournamentRequest(
                kind: .swiss, name: "Blitz", timeControl: .clock(minutes: 5, increment: 0),
                startsAt: clock.clock.now.addingTimeInterval(60), rounds: 3))
            try await ann.joinTournament(swiss.id)
            try await ben.joinTournament(swiss.id)
            let online = try await ann.goOnline()
            try await Self.beat(server, clock, by: 61)
            try await Self.beat(server, clock)
            try await Self.beat(server, clock)
            let final = try await ann.tournament(swiss.id)
            let benID = try await ben.id()
            let benLine = try #require(final.standings.first { $0.player.id == benID })
            #expect(benLine.withdrawn, "two missed starts")
            #expect(final.standings.first?.player.username == "ann")
            #expect(final.standings.first?.points == 2)
            await online.close()
        }
    }

    /// Many joins at once, then many pairings at once: nobody is ever in two live games of one arena.
    @Test func racingJoinsAndPairingsNeverSeatAPlayerTwice() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            var clients: [OXOClient] = [], sockets: [RealtimeConnection] = []
            for index in 0..<10 {
                let client = try await server.player("racer\(index)")
                clients.append(client)
                sockets.append(try await client.goOnline())
            }
            let arena = try await clients[0].createTournament(Self.arena(starting: clock))
            let joins = await concurrently(clients + clients) { try await $0.joinTournament(arena.id) }
            #expect(joins.allSatisfy { if case .success = $0 { true } else { false } })
            clock.advance(by: 61)
            for _ in 0..<3 {
                _ = await concurrently(0..<8) { _ in
                    try await server.app.store.change { try await $0.tournaments.advance(arena.id) }
                }
                let live = try await server.app.db.sql.raw("""
                    SELECT x_id, o_id FROM tournament_games WHERE result IS NULL AND game_id IS NOT NULL
                    """).all()
                let seated = try live.flatMap { [try $0.decode(column: "x_id", as: UUID.self), try $0.decode(column: "o_id", as: UUID.self)] }
                #expect(seated.count == 10 && Set(seated).count == 10, "each of the ten in exactly one live game")
                let view = try await clients[0].tournament(arena.id)
                _ = try await Self.finishGames(of: view, clients: Dictionary(uniqueKeysWithValues: try await clients.asyncMap {
                    (try await $0.id(), $0) }), winner: { $0.o.id })
            }
            for socket in sockets { await socket.close() }
        }
    }

    @Test func theTopicGivesTheTournamentThenBatchedChangesAndThePairedHearOfTheirGame() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let (clients, sockets, ids) = try await Self.fourOnline(on: server)
            let alice = clients[ids["alice"]!]!
            let bob = clients[ids["bob"]!]!
            let arena = try await alice.createTournament(Self.arena(starting: clock))
            let topic = Topic.tournament(arena.id)
            let watcher = try await alice.connect(following: [topic])
            let first = try await watcher.updates { if case .snapshot(topic, _, _) = $0 { true } else { false } }
            guard case .snapshot(_, _, let snapshot)? = first.last else { Issue.record("no snapshot"); return }
            #expect(snapshot.tournament?.id == arena.id && snapshot.tournament?.you?.joined == false)

            try await alice.joinTournament(arena.id)
            try await bob.joinTournament(arena.id)
            try await Self.beat(server, clock, by: 1)
            let changed = try await watcher.event(on: topic) { $0.kind == .tournamentChanged }
            #expect(changed.tournament?.standings.count == 2, "both joins in one event")

            let bobInbox = try await bob.goOnline()
            try await Self.beat(server, clock, by: 61)
            let paired = try await bobInbox.event(on: .user(try await bob.id())) { $0.kind == .tournamentGame }
            #expect(paired.paired?.tournament == arena.id)
            #expect(paired.paired?.game.timeControl?.initialSeconds == 1800)
            let running = try await watcher.event(on: topic) { $0.tournament?.state == .running }
            #expect(running.tournament?.games.count == 1)

            // A private tournament's topic is refused to a stranger.
            let hidden = try await alice.createTournament(CreateTournamentRequest(
                kind: .swiss, name: "Ours", timeControl: .correspondence(days: 3),
                startsAt: clock.clock.now.addingTimeInterval(600), rounds: 3, private: true))
            let carol = clients[ids["carol"]!]!
            let spy = try await carol.connect(following: [.tournament(hidden.id)])
            let refused = try await spy.updates { if case .subscriptionRefused = $0 { true } else { false } }
            if case .subscriptionRefused(_, let error)? = refused.last { #expect(error.code == .tournamentNotFound) }
            for socket in sockets + [watcher, bobInbox, spy] { await socket.close() }
        }
    }
}
