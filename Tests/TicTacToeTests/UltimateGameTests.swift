import Testing
import TicTacToe

@Suite("Ultimate")
struct UltimateGameTests {
    @Test func cellsAreNumberedOnTheWholeGridAndMapToBoardAndCell() {
        #expect(UltimateGrid.smallBoard(of: 40) == 4 && UltimateGrid.cellInSmallBoard(of: 40) == 4)
        #expect(UltimateGrid.smallBoard(of: 8) == 2 && UltimateGrid.cellInSmallBoard(of: 8) == 2)
        #expect(UltimateGrid.smallBoard(of: 9) == 0 && UltimateGrid.cellInSmallBoard(of: 9) == 3)
        #expect(UltimateGrid.smallBoard(of: 80) == 8 && UltimateGrid.cellInSmallBoard(of: 80) == 8)
        #expect(UltimateGrid.cells(ofSmallBoard: 1) == [3, 4, 5, 12, 13, 14, 21, 22, 23])
        var seen: Set<Int> = []
        for board in 0..<9 {
            for cell in 0..<9 {
                let index = UltimateGrid.index(smallBoard: board, cell: cell)
                #expect(UltimateGrid.smallBoard(of: index) == board && UltimateGrid.cellInSmallBoard(of: index) == cell)
                seen.insert(index)
            }
        }
        #expect(seen == Set(0..<81))
    }

    @Test func theFirstMoveMayBeAnywhereAndSendsTheOpponent() throws {
        let game = VariantGame(.ultimate)
        #expect(game.activeBoard == nil && game.legalMoves == Array(0..<81))
        // X plays cell 2 (top right) of board 4 (the centre): O must play in board 2.
        let next = try game.playing(index: UltimateGrid.index(smallBoard: 4, cell: 2))
        #expect(next.activeBoard == 2)
        #expect(next.legalMoves == UltimateGrid.cells(ofSmallBoard: 2))
        #expect(throws: VariantMoveError.wrongBoard) { try next.playing(index: UltimateGrid.index(smallBoard: 5, cell: 0)) }
    }

    @Test func aWonBoardIsClosedAndSendingThereFreesTheChoice() throws {
        let at = UltimateGrid.index(smallBoard:cell:)
        // X takes board 0's top row; O's moves in cell 0 of other boards send X back there.
        let game = try VariantGame(.ultimate, moves: [at(0, 0), at(0, 3), at(3, 4), at(4, 0), at(0, 1), at(1, 0), at(0, 2)])
        #expect(game.smallBoardWinners[0] == .x)
        #expect(game.smallBoardStatuses[0] == .won(by: .x, line: [at(0, 0), at(0, 1), at(0, 2)]))
        // X's last move, cell 2 of board 0, sends O to board 2, which is open.
        #expect(game.activeBoard == 2)
        // O plays cell 0 of board 2, which sends X to board 0: closed, so X plays anywhere open.
        let free = try game.playing(index: at(2, 0))
        #expect(free.activeBoard == nil)
        #expect(free.legalMoves.allSatisfy { UltimateGrid.smallBoard(of: $0) != 0 })
        #expect(free.legalMoves.count == 81 - 9 - 4, "board 0 and the four marks outside it")
        #expect(throws: VariantMoveError.closedBoard) { try free.playing(index: at(0, 5)) }
        #expect(throws: VariantMoveError.closedBoard) { try free.playing(index: at(0, 0)) }
        #expect(throws: VariantMoveError.oExpected) { try game.playing(index: at(2, 0), as: .x) }
        #expect(throws: VariantMoveError.cellOccupied) { try free.playing(index: at(4, 0)) }
        #expect(throws: VariantMoveError.outsideBoard) { try free.playing(index: 81) }
    }

    @Test func threeWonBoardsInALineWin() throws {
        // A game found by random play in which X takes boards 2, 4 and 6.
        var generator = SeededGenerator(seed: 5)
        var found: VariantGame?
        while found == nil {
            var game = VariantGame(.ultimate)
            while let move = game.legalMoves.randomElement(using: &generator) { game = try game.playing(index: move) }
            if game.status.winningLine == [2, 4, 6] { found = game }
        }
        let game = try #require(found)
        #expect(game.status.winner.map { mark in [2, 4, 6].allSatisfy { game.smallBoardWinners[$0] == mark } } == true)
        #expect(game.legalMoves.isEmpty && game.turn == nil && game.activeBoard == nil)
        #expect(throws: VariantMoveError.gameOver) { try game.playing(index: game.cells.firstIndex(of: nil)!) }
    }

    @Test func noMoveLeftIsADrawWhoeverHoldsMoreBoards() throws {
        var generator = SeededGenerator(seed: 6)
        var draws = 0
        for _ in 0..<300 {
            var game = VariantGame(.ultimate)
            while let move = game.legalMoves.randomElement(using: &generator) { game = try game.playing(index: move) }
            guard game.status == .draw else { continue }
            draws += 1
            #expect(game.smallBoardStatuses.allSatisfy { $0.isOver })
        }
        #expect(draws > 10)
    }
}
