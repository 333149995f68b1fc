import OXOPlay

/// `oxo bench tournament`'s way to the tournaments' pairing, which lives a level below
/// what the command line imports.
package enum TournamentBenchEntry {
    /// CPU milliseconds of each of `repeats` waves of an arena of `players`, the games a wave
    /// started, and the games played before it.
    package static func measure(players: Int, waves: Int, repeats: Int) -> (milliseconds: [Double], games: Int, history: Int) {
        let figures = TournamentPairingBench.measure(players: players, waves: waves, repeats: repeats)
        return (figures.milliseconds, figures.games, figures.history)
    }
}
