import Testing
import TicTacToe

@Suite("Rules")
struct RulesTests {
    @Test func xAlwaysGoesFirst() throws {
        let game = GameState()
        #expect(game.turn == .x)
        #expect(throws: MoveError.xExpected) { try game.playing(Cell(index: 4)!, as: .o) }
        #expect(try game.playing(Cell(index: 4)!, as: .x).turn == .o)
    }

    @Test func aPlayedCellCannotBePlayedAgain() throws {
        let game = try GameState(moves: [Cell("b2")!])
        #expect(throws: MoveError.cellOccupied) { try game.playing(Cell("b2")!, as: .o) }
        #expect(game.board[Cell("b2")!] == .x)
    }

    @Test(arguments: WinningLine.all)
    func threeInALineWins(line: WinningLine) throws {
        // X takes the line while O answers in two cells off it.
        let others = Cell.all.filter { !line.cells.contains($0) }
        let moves = [line.cells[0], others[0], line.cells[1], others[1], line.cells[2]]
        let game = try GameState(moves: moves)
        #expect(game.status == .won(by: .x, line: line))
        #expect(game.turn == nil)
    }

    @Test(arguments: WinningLine.all)
    func oWinsOnEveryLineToo(line: WinningLine) throws {
        let others = Cell.all.filter { !line.cells.contains($0) }
        // Three X moves off the line that do not themselves make a line of X.
        let xCells = others.indices.flatMap { a in
            others.indices.flatMap { b in others.indices.map { c in [a, b, c].map { others[$0] } } }
        }.first { $0[0] < $0[1] && $0[1] < $0[2] && WinningLine($0) == nil }!
        let moves = [xCells[0], line.cells[0], xCells[1], line.cells[1], xCells[2], line.cells[2]]
        #expect(try GameState(moves: moves).status == .won(by: .o, line: line))
    }

    @Test func aFullBoardWithoutALineIsADraw() throws {
        // X O X / X O O / O X X
        let game = try GameState(moves: [0, 1, 2, 4, 3, 5, 7, 6, 8].map { Cell(index: $0)! })
        #expect(game.status == .draw)
        #expect(game.legalMoves.isEmpty)
    }

    @Test func noMoveAfterTheGameIsOver() throws {
        let won = try GameState(moves: [0, 3, 1, 4, 2].map { Cell(index: $0)! })
        #expect(throws: MoveError.gameOver) { try won.playing(Cell(index: 8)!, as: .o) }
    }

    @Test func cellsOutsideTheBoardDoNotExist() {
        #expect(throws: MoveError.noSuchCell) { try GameState().playing(index: 9, as: .x) }
        #expect(throws: MoveError.noSuchCell) { try GameState().playing(index: -1, as: .x) }
        #expect(Cell(index: 9) == nil)
    }

    @Test func cellsHaveNumbersAndCoordinates() {
        #expect(Cell("a1")?.index == 0)
        #expect(Cell("C1")?.index == 2)
        #expect(Cell("b2")?.index == 4)
        #expect(Cell("a3")?.index == 6)
        #expect(Cell("c3")?.index == 8)
        #expect(Cell("7")?.name == "b3")
        for cell in Cell.all {
            #expect(Cell(cell.name) == cell)
            #expect(Cell(String(cell.index)) == cell)
        }
        for bad in ["", "9", "d1", "a4", "a0", "aa", "11", "b22", " b2"] {
            #expect(Cell(bad) == nil, "\(bad) is not a cell")
        }
    }

    @Test func theChecksComeInAFixedOrder() throws {
        // Game over beats wrong turn, wrong turn beats an occupied cell.
        let won = try GameState(moves: [0, 3, 1, 4, 2].map { Cell(index: $0)! })
        #expect(throws: MoveError.gameOver) { try won.playing(Cell(index: 0)!, as: .x) }
        let started = try GameState(moves: [Cell(index: 0)!])
        #expect(throws: MoveError.oExpected) { try started.playing(Cell(index: 0)!, as: .x) }
    }
}
