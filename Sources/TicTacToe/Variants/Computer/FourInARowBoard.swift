/// Four in a row's 4×4 board as two bit sets, bit n for cell n, for the solver: a
/// position is a 32-bit key, and the board's eight symmetries are table look-ups.
struct FourInARowBoard: Hashable, Sendable {
    var xBits: UInt16 = 0
    var oBits: UInt16 = 0

    static let full: UInt16 = 0xFFFF

    /// Four rows, four columns, two diagonals.
    static let lines: [UInt16] = {
        let rows = (0..<4).map { row in UInt16(0xF) << (row * 4) }
        let columns = (0..<4).map { column in UInt16(0x1111) << column }
        return rows + columns + [0x8421, 0x1248]
    }()

    init(cells: [Mark?]) {
        for (index, mark) in cells.enumerated() where mark != nil {
            self = placing(mark!, at: index)
        }
    }

    private init(xBits: UInt16, oBits: UInt16) {
        self.xBits = xBits
        self.oBits = oBits
    }

    var occupied: UInt16 { xBits | oBits }

    /// X moves when both have as many marks.
    var toMove: Mark { xBits.nonzeroBitCount == oBits.nonzeroBitCount ? .x : .o }

    func bits(of mark: Mark) -> UInt16 { mark == .x ? xBits : oBits }

    func placing(_ mark: Mark, at index: Int) -> FourInARowBoard {
        let bit = UInt16(1) << index
        return mark == .x ? FourInARowBoard(xBits: xBits | bit, oBits: oBits) : FourInARowBoard(xBits: xBits, oBits: oBits | bit)
    }

    /// The empty cells where `mark` would complete a line, as bits.
    func completingCells(for mark: Mark) -> UInt16 {
        let own = bits(of: mark), free = ~occupied
        var cells: UInt16 = 0
        for line in Self.lines {
            let missing = line & ~own
            if missing.nonzeroBitCount == 1, missing & free != 0 { cells |= missing }
        }
        return cells
    }

    /// The same for every one of the board's eight symmetries (turns and reflections):
    /// the smallest key among them, so that symmetric positions share a table entry.
    var canonicalKey: UInt32 {
        var smallest = UInt32.max
        for symmetry in Self.symmetryTables {
            let x = symmetry.low[Int(xBits & 0xFF)] | symmetry.high[Int(xBits >> 8)]
            let o = symmetry.low[Int(oBits & 0xFF)] | symmetry.high[Int(oBits >> 8)]
            smallest = min(smallest, UInt32(x) | UInt32(o) << 16)
        }
        return smallest
    }

    /// For each symmetry, where the bits of a board's low and high byte go.
    private static let symmetryTables: [(low: [UInt16], high: [UInt16])] = {
        let maps: [(Int, Int) -> (Int, Int)] = [
            { r, c in (r, c) }, { r, c in (c, 3 - r) }, { r, c in (3 - r, 3 - c) }, { r, c in (3 - c, r) },
            { r, c in (r, 3 - c) }, { r, c in (3 - r, c) }, { r, c in (c, r) }, { r, c in (3 - c, 3 - r) },
        ]
        return maps.map { map in
            func image(ofByte byte: Int, shift: Int) -> UInt16 {
                (0..<8).filter { byte >> $0 & 1 == 1 }.reduce(0) { bits, bit in
                    let (row, column) = map((bit + shift) / 4, (bit + shift) % 4)
                    return bits | UInt16(1) << (row * 4 + column)
                }
            }
            return ((0..<256).map { image(ofByte: $0, shift: 0) }, (0..<256).map { image(ofByte: $0, shift: 8) })
        }
    }()
}
