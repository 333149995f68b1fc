/// A game of any variant, the one value a server holds for every board: the moves played
/// so far and what follows from them. Cells are row-major indexes on the variant's whole
/// grid (`Variant.width` × `Variant.height`).
public struct VariantGame: Hashable, Sendable {
    public let variant: Variant
    private var position: Position

    private enum Position: Hashable, Sendable {
        case line(LineGame)
        case ultimate(UltimateGame)
    }

    /// The empty board of `variant`, X to move.
    public init(_ variant: Variant) {
        self.variant = variant
        position = variant.lineRules.map { .line(LineGame(rules: $0)) } ?? .ultimate(UltimateGame())
    }

    /// Replays `moves` from the empty board, X first, failing on the first illegal one.
    public init(_ variant: Variant, moves: some Sequence<Int>) throws(VariantMoveError) {
        self.init(variant)
        for index in moves {
            try play(index: index)
        }
    }

    /// The same classic game, played by the generic engine.
    public init(_ state: GameState) {
        // The moves of a GameState are legal, and both engines follow the same rules.
        try! self.init(.classic, moves: state.moves.map(\.index))
    }

    public var moves: [Int] { line?.moves ?? ultimate!.moves }

    /// Every cell of the grid, row-major from the top-left.
    public var cells: [Mark?] { line?.cells ?? ultimate!.cells }

    public var status: VariantStatus { line?.status ?? ultimate!.status }

    /// The mark that moves next, or nil once the game is over.
    public var turn: Mark? { line?.turn ?? ultimate?.turn }

    /// The cells that can be played now, in ascending order.
    public var legalMoves: [Int] { line?.legalMoves ?? ultimate!.legalMoves }

    /// Ultimate: the small board the player to move must play in, or nil when any open
    /// one will do. Always nil for the other variants.
    public var activeBoard: Int? { ultimate?.activeBoard }

    /// Ultimate: each small board's result, 0–8, a won one's line in grid cells. Empty for
    /// the other variants.
    public var smallBoardStatuses: [VariantStatus] { ultimate?.smallBoardStatuses ?? [] }

    /// Ultimate: who won each small board, 0–8 (nil while open or when full without a
    /// line). Empty for the other variants.
    public var smallBoardWinners: [Mark?] { ultimate?.smallBoardWinners ?? [] }

    /// The classic game as the classic engine holds it, for its solver; nil for other variants.
    public var classicState: GameState? {
        guard variant == .classic else { return nil }
        return try! GameState(moves: moves.map { Cell(index: $0)! })
    }

    /// Plays cell `index` for whichever mark's turn it is (X when the game is over, which
    /// then fails with `gameOver`).
    public func playing(index: Int) throws(VariantMoveError) -> VariantGame {
        try playing(index: index, as: turn ?? .x)
    }

    public func playing(index: Int, as mark: Mark) throws(VariantMoveError) -> VariantGame {
        var next = self
        try next.play(index: index, as: mark)
        return next
    }

    /// Plays cell `index` as `mark`, checking in this order: the cell is on the board, the
    /// game is on, it is `mark`'s turn, (Ultimate) its small board is open and is the one
    /// the player was sent to, the cell is empty.
    public mutating func play(index: Int, as mark: Mark) throws(VariantMoveError) {
        switch position {
        case .line(var game):
            try game.play(index: index, as: mark)
            position = .line(game)
        case .ultimate(var game):
            try game.play(index: index, as: mark)
            position = .ultimate(game)
        }
    }

    mutating func play(index: Int) throws(VariantMoveError) {
        try play(index: index, as: turn ?? .x)
    }

    /// Ultimate's game as its own engine holds it, for the tree search.
    var ultimateGame: UltimateGame? { ultimate }

    private var line: LineGame? {
        if case .line(let game) = position { return game }
        return nil
    }

    private var ultimate: UltimateGame? {
        if case .ultimate(let game) = position { return game }
        return nil
    }
}
