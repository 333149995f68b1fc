import Foundation
import OXOServer

/// `oxo bench tournament`: the server's CPU to pair one wave of an arena of `players`, each
/// of whom has played `waves` games and just finished one, so the wave pairs them all
/// (500 games for 1,000 players). In process, through the pairing a running arena uses
/// (standings from the stored rows of every game so far, then the wave); issue 54 asks
/// for 50 ms at most.
struct TournamentScenario {
    let players: Int
    let waves: Int
    let repeats: Int

    func run(json: String?) throws {
        let figures = TournamentBenchEntry.measure(players: players, waves: waves, repeats: repeats)
        let sorted = figures.milliseconds.sorted()
        let median = sorted[sorted.count / 2], worst = sorted.last ?? 0
        let mean = sorted.reduce(0, +) / Double(max(sorted.count, 1))
        print("""
            tournament: one wave of a \(players)-player arena after \(figures.history) games, \(repeats) times, in process
              games paired a wave         \(figures.games)
              CPU ms a wave, median       \(String(format: "%.2f", median))
              CPU ms a wave, mean         \(String(format: "%.2f", mean))
              CPU ms a wave, worst        \(String(format: "%.2f", worst))
            """)
        if let json {
            let object: [String: Any] = ["scenario": "tournament", "players": players, "history_games": figures.history,
                                         "games_per_wave": figures.games, "cpu_ms_median": median, "cpu_ms_mean": mean,
                                         "cpu_ms_worst": worst]
            try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
                .write(to: URL(fileURLWithPath: json))
        }
    }
}
