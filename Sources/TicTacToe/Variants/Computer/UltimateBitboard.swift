/// An Ultimate position made for fast playouts: each small board's marks as nine bits,
/// and the big board's won and full boards as nine bits each. Moves are "board-major":
/// small board × 9 + cell within it, which `UltimateGrid` converts from and to grid cells.
struct UltimateBitboard: Sendable {
    private var xCells = SIMD16<UInt16>()
    private var oCells = SIMD16<UInt16>()
    private var xBoards: UInt16 = 0
    private var oBoards: UInt16 = 0
    private var drawnBoards: UInt16 = 0
    /// The small board the side to move must play in, or -1 for any open one.
    private var active = -1
    /// 0 when X moves, 1 when O does.
    private(set) var toMove = 0
    /// nil while the game is on, else the winner's side or -1 for a draw.
    private(set) var result: Int?

    private static let lines: [UInt16] = [0x7, 0x38, 0x1C0, 0x49, 0x92, 0x124, 0x111, 0x54]

    init(_ game: UltimateGame) {
        for index in game.moves {
            play(UltimateGrid.smallBoard(of: index) * 9 + UltimateGrid.cellInSmallBoard(of: index))
        }
    }

    private var closedBoards: UInt16 { xBoards | oBoards | drawnBoards }

    private func emptyCells(of board: Int) -> UInt16 { ~(xCells[board] | oCells[board]) & 0x1FF }

    private static func hasLine(_ bits: UInt16) -> Bool {
        for line in lines where bits & line == line { return true }
        return false
    }

    /// The moves of the side to move, in ascending order; none once the game is over.
    var legalMoves: [Int] {
        guard result == nil else { return [] }
        var moves: [Int] = []
        for board in 0..<9 where active == -1 || active == board {
            guard closedBoards >> board & 1 == 0 else { continue }
            var empty = emptyCells(of: board)
            while empty != 0 {
                moves.append(board * 9 + empty.trailingZeroBitCount)
                empty &= empty - 1
            }
        }
        return moves
    }

    mutating func play(_ move: Int) {
        let board = move / 9, cell = move % 9, bit = UInt16(1) << cell
        if toMove == 0 { xCells[board] |= bit } else { oCells[board] |= bit }
        let own = toMove == 0 ? xCells[board] : oCells[board]
        if Self.hasLine(own) {
            if toMove == 0 { xBoards |= 1 << board } else { oBoards |= 1 << board }
            if Self.hasLine(toMove == 0 ? xBoards : oBoards) { result = toMove }
        } else if emptyCells(of: board) == 0 {
            drawnBoards |= 1 << board
        }
        if result == nil, closedBoards == 0x1FF { result = -1 }
        active = closedBoards >> cell & 1 == 0 ? cell : -1
        toMove = 1 - toMove
    }

    /// Plays uniformly random legal moves to the end; returns the result.
    mutating func playOut(using generator: inout SeededGenerator) -> Int {
        while result == nil {
            play(randomMove(using: &generator))
        }
        return result!
    }

    private func randomMove(using generator: inout SeededGenerator) -> Int {
        if active >= 0 {
            let empty = emptyCells(of: active)
            return active * 9 + Self.bit(Self.draw(below: empty.nonzeroBitCount, using: &generator), of: empty)
        }
        var total = 0
        for board in 0..<9 where closedBoards >> board & 1 == 0 { total += emptyCells(of: board).nonzeroBitCount }
        var pick = Self.draw(below: total, using: &generator)
        for board in 0..<9 where closedBoards >> board & 1 == 0 {
            let empty = emptyCells(of: board), count = empty.nonzeroBitCount
            if pick < count { return board * 9 + Self.bit(pick, of: empty) }
            pick -= count
        }
        preconditionFailure("a game that is on has a legal move")
    }

    /// A number in 0..<bound from the top bits of one draw: no division, and the bias
    /// is far below anything a playout could notice.
    private static func draw(below bound: Int, using generator: inout SeededGenerator) -> Int {
        Int(((generator.next() >> 32) * UInt64(bound)) >> 32)
    }

    /// The position of the `n`th set bit of `bits` (0 for the lowest).
    private static func bit(_ n: Int, of bits: UInt16) -> Int {
        var bits = bits
        for _ in 0..<n { bits &= bits - 1 }
        return bits.trailingZeroBitCount
    }
}
