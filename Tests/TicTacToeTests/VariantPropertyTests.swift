import Testing
import TicTacToe

/// Thousands of seeded random games of every variant, each position checked against the
/// plain rules of `VariantReference`, and each move also tried illegally. The checks
/// collect what they find and each game expects none, one expectation a game rather than
/// dozens a move, which keeps a debug build quick.
@Suite("Random games of every variant")
struct VariantPropertyTests {
    @Test(arguments: [(Variant.classic, 3_000), (.fourInARow, 3_000), (.gomoku, 300), (.ultimate, 1_000)])
    func everyPositionOfRandomGamesFollowsTheRules(variant: Variant, games: Int) throws {
        var generator = SeededGenerator(seed: UInt64(variant.cellCount))
        for _ in 0..<games {
            var game = VariantGame(variant), problems: [String] = []
            while true {
                let ultimate = variant == .ultimate ? VariantReference.Ultimate(moves: game.moves) : nil
                let legal = referenceLegalMoves(of: game, ultimate: ultimate)
                problems += self.problems(in: game, legal: legal, ultimate: ultimate)
                problems += illegalMoveProblems(in: game, legal: Set(legal), ultimate: ultimate, using: &generator)
                guard let move = legal.randomElement(using: &generator) else { break }
                game = try game.playing(index: move)
            }
            #expect(game.status.isOver && problems.isEmpty, "\(game.moves): \(problems)")
        }
    }

    @Test func theLineEngineAgreesWithTheClassicEngineOnRandomGames() throws {
        var generator = SeededGenerator(seed: 33)
        for _ in 0..<3_000 {
            var classic = GameState(), line = VariantGame(.classic), agree = true
            while true {
                agree = agree && line.legalMoves == classic.legalMoves.map(\.index) && line.turn == classic.turn
                    && line.status == VariantStatus(classic.status) && line.classicState == classic
                guard let cell = classic.legalMoves.randomElement(using: &generator) else { break }
                classic = try classic.playing(cell)
                line = try line.playing(index: cell.index)
            }
            #expect(agree && line == VariantGame(classic), "\(classic.moves)")
        }
    }

    /// What is wrong with `game`'s marks, turn, status and legal moves, against a full scan
    /// of the board.
    private func problems(in game: VariantGame, legal: [Int], ultimate reference: VariantReference.Ultimate?) -> [String] {
        var problems: [String] = []
        func require(_ condition: Bool, _ what: String) {
            if !condition { problems.append("\(game.moves): \(what)") }
        }
        let variant = game.variant
        let marks = VariantReference.marks(of: game.moves, count: variant.cellCount)
        require(game.cells == marks, "marks")
        require(game.legalMoves == legal, "legal moves")
        let xs = marks.filter { $0 == .x }.count, os = marks.filter { $0 == .o }.count
        require(xs + os == game.moves.count && (xs == os || xs == os + 1), "counts")
        let winner: Mark?, full: Bool
        if let reference {
            winner = reference.bigWinner
            full = (0..<9).allSatisfy(reference.isClosed)
            require(game.smallBoardWinners == reference.winners, "small board winners")
            require(game.activeBoard == (game.status.isOver ? nil : reference.activeBoard(after: game.moves.last)), "active board")
            for (board, status) in game.smallBoardStatuses.enumerated() {
                require(status.isOver == reference.isClosed(board), "board \(board) closed")
                if let line = status.winningLine {
                    require(line.allSatisfy { marks[$0] == status.winner && UltimateGrid.smallBoard(of: $0) == board },
                            "board \(board)'s line")
                }
            }
        } else {
            let winners = VariantReference.winners(of: marks, width: variant.width, height: variant.height, length: variant.lineLength)
            require(winners.count <= 1, "the game ends at the first line")
            winner = winners.first
            full = !marks.contains(nil)
        }
        switch game.status {
        case .inProgress:
            require(winner == nil && !full && game.turn == (xs == os ? .x : .o), "in progress")
        case .draw:
            require(winner == nil && full && game.turn == nil, "draw")
        case .won(let mark, let line):
            require(winner == mark && game.turn == nil && mark == (xs > os ? .x : .o), "won by the last mover")
            if variant == .ultimate {
                require(line.count == 3 && line.allSatisfy { game.smallBoardWinners[$0] == mark }, "big line")
                require(VariantReference.isStraightRun(line, width: 3), "big line straight")
            } else {
                require(line.count >= variant.lineLength && line.contains(game.moves.last!), "line through the last move")
                require(line.allSatisfy { marks[$0] == mark }, "line's marks")
                require(VariantReference.isStraightRun(line, width: variant.width), "line straight")
            }
        }
        return problems
    }

    private func referenceLegalMoves(of game: VariantGame, ultimate: VariantReference.Ultimate?) -> [Int] {
        if let ultimate { return ultimate.legalMoves(after: game.moves.last) }
        let marks = VariantReference.marks(of: game.moves, count: game.variant.cellCount)
        let over = !VariantReference.winners(of: marks, width: game.variant.width, height: game.variant.height,
                                             length: game.variant.lineLength).isEmpty
        return over ? [] : marks.indices.filter { marks[$0] == nil }
    }

    /// Tries one move of a kind drawn at random (most are illegal) and says what is wrong
    /// with how it was answered.
    private func illegalMoveProblems(in game: VariantGame, legal: Set<Int>, ultimate: VariantReference.Ultimate?,
                                     using generator: inout SeededGenerator) -> [String] {
        let index = Int.random(in: -2..<(game.variant.cellCount + 2), using: &generator)
        let mark: Mark = game.turn.map { Bool.random(using: &generator) ? $0 : $0.opponent } ?? .x
        let expected: VariantMoveError? =
            !(0..<game.variant.cellCount).contains(index) ? .outsideBoard
            : game.status.isOver ? .gameOver
            : mark != game.turn ? (game.turn == .x ? .xExpected : .oExpected)
            : legal.contains(index) ? nil
            : ultimate.map { ultimateError(index, in: game, reference: $0) } ?? .cellOccupied
        do {
            let next = try game.playing(index: index, as: mark)
            return expected == nil && next.moves == game.moves + [index] ? [] : ["\(game.moves): \(index) as \(mark) was played"]
        } catch {
            return error == expected ? [] : ["\(game.moves): \(index) as \(mark) gave \(error)"]
        }
    }

    private func ultimateError(_ index: Int, in game: VariantGame, reference: VariantReference.Ultimate) -> VariantMoveError {
        let board = UltimateGrid.smallBoard(of: index)
        if reference.isClosed(board) { return .closedBoard }
        if let active = reference.activeBoard(after: game.moves.last), active != board { return .wrongBoard }
        return .cellOccupied
    }
}

extension VariantStatus {
    /// The classic engine's status in the terms of every variant's.
    init(_ status: GameStatus) {
        switch status {
        case .inProgress: self = .inProgress
        case .draw: self = .draw
        case .won(let mark, let line): self = .won(by: mark, line: line.cells.map(\.index))
        }
    }
}
