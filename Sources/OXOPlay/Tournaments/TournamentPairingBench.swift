import Foundation
import OXOProtocol
import TicTacToe

/// What `oxo bench tournament` measures: the server's CPU to pair one wave of a large
/// arena, through the code a running arena's wave goes through (`TournamentRules.arenaWave`:
/// the standings from the stored rows of every game so far, then `ArenaPairing`), on rows
/// as `tournament_players` and `tournament_games` hold them. Reading the rows and starting
/// the games are the database's part, measured by the games' own figures.
package enum TournamentPairingBench {
    package struct Figures: Sendable {
        /// CPU milliseconds of each wave paired.
        package var milliseconds: [Double]
        /// Games each wave started.
        package var games: Int
        /// Games already played when the wave was paired.
        package var history: Int
    }

    /// An arena of `players` who have each played `waves` games; every player just finished
    /// a game, so each measured wave pairs all of them. Pairs `repeats` waves.
    package static func measure(players count: Int, waves: Int = 10, repeats: Int = 20, seed: UInt64 = 54) -> Figures {
        var random = SeededGenerator(seed: seed)
        let now = Date()
        let row = TournamentRow(
            id: UUID.random(), kind: .arena, name: "Bench", variantName: nil, timeControlKind: .clock, clockInitial: 60, clockIncrement: 0,
            daysPerMove: nil, startsAt: now, endsAt: now.addingTimeInterval(3600), rounds: nil, round: 0, roundInterval: nil,
            roundStartedAt: nil, state: .running, creatorId: UUID.random(), isPrivate: false, code: nil, botsAllowed: true, createdAt: now)
        var players = (0..<count).map { _ in
            TournamentPlayerRow(tournamentId: row.id, userId: UUID.random(), joinedAt: now, withdrawn: false,
                                rating: Double(Int.random(in: 1200...2200, using: &random)), busyGame: nil, lastOpponent: nil,
                                colourBalance: 0)
        }
        var games: [TournamentGameRow] = []
        var order = 0
        for wave in 1...max(waves, 1) {
            let paired = TournamentRules.arenaWave(of: row, players: players, games: games, free: players)
            var index = Dictionary(uniqueKeysWithValues: players.enumerated().map { ($1.userId, $0) })
            for pair in paired.games {
                order += 1
                let result = ["x", "o", "draw"].randomElement(using: &random)!
                games.append(TournamentGameRow(id: UUID.random(), tournamentId: row.id, round: wave, gameId: UUID.random(), xId: pair.x,
                                               oId: pair.o, result: result, finishOrder: order, createdAt: now))
                players[index[pair.x]!].lastOpponent = pair.o
                players[index[pair.o]!].lastOpponent = pair.x
                players[index[pair.x]!].colourBalance += 1
                players[index[pair.o]!].colourBalance -= 1
            }
            index.removeAll()
        }
        var figures = Figures(milliseconds: [], games: 0, history: games.count)
        for _ in 0..<max(repeats, 1) {
            let start = cpuTime()
            let wave = TournamentRules.arenaWave(of: row, players: players, games: games, free: players)
            figures.milliseconds.append((cpuTime() - start) * 1000)
            figures.games = wave.games.count
        }
        return figures
    }

    /// This thread's CPU time in seconds.
    private static func cpuTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
