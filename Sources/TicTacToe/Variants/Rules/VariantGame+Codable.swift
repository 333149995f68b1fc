extension VariantGame: Codable {
    private enum CodingKeys: String, CodingKey {
        case variant, moves, board, turn, status, activeBoard, smallBoards
    }

    /// Only the variant and the moves are read; everything else is derived again, so a
    /// decoded game is always a legal one. A missing variant reads as classic, so the JSON
    /// of a `GameState` decodes to the same game.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let variant = try container.decodeIfPresent(Variant.self, forKey: .variant) ?? .classic
        let moves = try container.decode([Int].self, forKey: .moves)
        do {
            try self.init(variant, moves: moves)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .moves, in: container, debugDescription: "illegal move list: \(error)")
        }
    }

    /// The variant and the moves, then what follows from them for readers that do not
    /// replay: the board as one character a cell ("X", "O" or "."), row by row, as
    /// `Board`'s text; the turn (absent once over); the status; for Ultimate the active
    /// board (absent when any open board will do) and each small board's status.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(variant, forKey: .variant)
        try container.encode(moves, forKey: .moves)
        try container.encode(String(cells.map { $0.map { Character($0.rawValue) } ?? "." }), forKey: .board)
        try container.encodeIfPresent(turn, forKey: .turn)
        try container.encode(status, forKey: .status)
        guard variant == .ultimate else { return }
        try container.encodeIfPresent(activeBoard, forKey: .activeBoard)
        try container.encode(smallBoardStatuses, forKey: .smallBoards)
    }
}
