import Testing
import TicTacToe

@Suite("Computer players of every variant")
struct VariantComputerPlayerTests {
    /// A game between `x` and `o`, each a level or (nil) a uniformly random mover.
    func play(_ variant: Variant, x: Level?, o: Level?, seed: UInt64) throws -> VariantGame {
        var generator = SeededGenerator(seed: seed)
        var game = VariantGame(variant)
        while let turn = game.turn {
            let level = turn == .x ? x : o
            let move = level.map { ComputerPlayer(level: $0).move(in: game, using: &generator)! }
                ?? game.legalMoves.randomElement(using: &generator)!
            game = try game.playing(index: move)
        }
        return game
    }

    @Test(arguments: [Variant.gomoku, .ultimate])
    func theEasySearchBeatsARandomMover(variant: Variant) throws {
        var wins = 0
        for seed in 0..<10 as Range<UInt64> {
            let easyIsX = seed % 2 == 0
            let game = try play(variant, x: easyIsX ? .easy : nil, o: easyIsX ? nil : .easy, seed: seed)
            if game.status.winner == (easyIsX ? .x : .o) { wins += 1 }
        }
        #expect(wins >= 9, "won \(wins) of 10")
    }

    @Test(arguments: Variant.allCases)
    func aSeedMakesTheSameGame(variant: Variant) throws {
        // The cheapest level that still chooses among several moves.
        let level: Level = VariantAnalysis.source(for: variant) == .solver ? .medium : .easy
        let first = try play(variant, x: level, o: level, seed: 3)
        #expect(try play(variant, x: level, o: level, seed: 3) == first)
        let others = try (4..<8 as Range<UInt64>).map { try play(variant, x: level, o: nil, seed: $0).moves }
        #expect(Set(others).count > 1)
    }

    /// Random positions where the side to move can win at once.
    static func winningChances(in variant: Variant, count: Int) throws -> [(game: VariantGame, wins: Set<Int>)] {
        var generator = SeededGenerator(seed: 8)
        var found: [(game: VariantGame, wins: Set<Int>)] = []
        while found.count < count {
            var game = VariantGame(variant)
            while let turn = game.turn {
                let wins = try Set(game.legalMoves.filter { try game.playing(index: $0).status.winner == turn })
                if !wins.isEmpty { found.append((game, wins)); break }
                game = try game.playing(index: game.legalMoves.randomElement(using: &generator)!)
            }
        }
        return found
    }

    /// Random positions of a line variant where the side to move cannot win at once but
    /// the opponent, were it to move, could, in exactly one cell.
    static func threats(in variant: Variant, count: Int) throws -> [(game: VariantGame, block: Int)] {
        var generator = SeededGenerator(seed: 9)
        var found: [(game: VariantGame, block: Int)] = []
        while found.count < count {
            var game = VariantGame(variant)
            while let turn = game.turn {
                func completes(_ cell: Int, for mark: Mark) -> Bool {
                    var marks = game.cells
                    marks[cell] = mark
                    return VariantReference.winners(of: marks, width: variant.width, height: variant.height,
                                                    length: variant.lineLength).contains(mark)
                }
                let threats = game.legalMoves.filter { completes($0, for: turn.opponent) }
                if threats.count == 1, !game.legalMoves.contains(where: { completes($0, for: turn) }) {
                    found.append((game, threats[0]))
                    break
                }
                game = try game.playing(index: game.legalMoves.randomElement(using: &generator)!)
            }
        }
        return found
    }

    /// Whether `level` chooses at random (easy) or errs on purpose (hard) in the solved
    /// variants, as classic's levels do.
    static func mayErr(_ level: Level, in variant: Variant) -> Bool {
        VariantAnalysis.source(for: variant) == .solver && (level == .easy || level == .hard)
    }

    @Test(arguments: Variant.allCases, Level.allCases)
    func everyLevelThatLooksAheadTakesAWin(variant: Variant, level: Level) throws {
        // Classic's and four in a row's easy play at random, and their hard errs on purpose.
        guard !Self.mayErr(level, in: variant) else { return }
        var generator = SeededGenerator(seed: 1)
        for (game, wins) in try Self.winningChances(in: variant, count: 5) {
            #expect(ComputerPlayer(level: level).move(in: game, using: &generator).map(wins.contains) == true, "\(game.moves)")
        }
    }

    @Test(arguments: [Variant.classic, .fourInARow, .gomoku], Level.allCases)
    func everyLevelThatLooksAheadBlocksALine(variant: Variant, level: Level) throws {
        guard !Self.mayErr(level, in: variant) else { return }
        var generator = SeededGenerator(seed: 2)
        for (game, block) in try Self.threats(in: variant, count: 3) {
            #expect(ComputerPlayer(level: level).move(in: game, using: &generator) == block, "\(game.moves)")
        }
    }

    @Test(arguments: Variant.allCases)
    func noMoveOnceTheGameIsOver(variant: Variant) throws {
        var generator = SeededGenerator(seed: 3)
        var game = VariantGame(variant)
        while let move = game.legalMoves.randomElement(using: &generator) { game = try game.playing(index: move) }
        for level in Level.allCases {
            #expect(ComputerPlayer(level: level).move(in: game, using: &generator) == nil)
        }
    }

    @Test(arguments: [Mark.x, .o])
    func perfectFourInARowNeverLosesToARandomMover(mark: Mark) throws {
        for seed in 0..<3 as Range<UInt64> {
            let game = try play(.fourInARow, x: mark == .x ? .perfect : nil, o: mark == .o ? .perfect : nil, seed: seed)
            #expect(game.status.winner != mark.opponent, "\(game.moves)")
        }
    }

    @Test func hardFourInARowErrsNowAndThen() throws {
        // Late positions, where the solver is quick and mistakes are there to be made.
        var generator = SeededGenerator(seed: 12)
        var chances = 0, mistakes = 0
        for _ in 0..<150 {
            var game = VariantGame(.fourInARow)
            for _ in 0..<9 where game.turn != nil {
                game = try game.playing(index: game.legalMoves.randomElement(using: &generator)!)
            }
            let evaluations = VariantAnalysis.evaluations(of: game)
            guard let best = evaluations.compactMap(\.outcome).max(), evaluations.contains(where: { $0.outcome! < best }) else { continue }
            chances += 1
            let move = try #require(ComputerPlayer(level: .hard).move(in: game, using: &generator))
            if evaluations.first(where: { $0.index == move })!.outcome! < best { mistakes += 1 }
        }
        let rate = Double(mistakes) / Double(chances)
        #expect(chances > 50 && rate > 0.08 && rate < 0.35, "about one in five chances to err is taken, saw \(mistakes) of \(chances)")
    }

    @Test func perfectAgainstPerfectDrawsFourInARow() throws {
        #expect(try play(.fourInARow, x: .perfect, o: .perfect, seed: 0).status == .draw)
    }
}
