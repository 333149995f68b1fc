/// Every variant's games in the same notation as classic's: one move a line, "1. h8 X",
/// its cell named as `CellName` names it. A game of another variant than classic begins
/// with a header comment naming it, "# Variant: gomoku", which is how `parse(_:as:)`
/// knows the board when it is not told.
extension Notation {
    /// The header comment that names a variant.
    public static func header(for variant: Variant) -> String { "# Variant: \(variant.rawValue)" }

    /// The line of move `number` (1 for the first move) on `variant`'s board.
    public static func line(number: Int, index: Int, mark: Mark, in variant: Variant) -> String {
        "\(number). \(CellName.name(of: index, in: variant)) \(mark.rawValue)"
    }

    /// The lines of every move of `game`, X first, each ended by a line feed, after the
    /// variant's header unless it is classic (whose text is then `text(of: GameState)`'s).
    public static func text(of game: VariantGame) -> String {
        let header = game.variant == .classic ? "" : header(for: game.variant) + "\n"
        return header + game.moves.enumerated().map { number, index in
            line(number: number + 1, index: index, mark: number.isMultiple(of: 2) ? .x : .o, in: game.variant) + "\n"
        }.joined()
    }

    /// The game that `text` records, checking every move against the rules of `variant`,
    /// or when that is nil of the variant its header names (classic without one). A header
    /// naming an unknown variant, or another than `variant`, is `notAMove` on its line.
    public static func parse(_ text: String, as variant: Variant?) throws(ParseError) -> VariantGame {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let named = try namedVariant(in: lines)
        if let variant, let named, named.variant != variant { throw .notAMove(line: named.line) }
        var game = VariantGame(variant ?? named?.variant ?? .classic)
        for (number, line) in lines.enumerated() {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.hasPrefix("#") { continue }
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 3, parts[0].hasSuffix("."), let moveNumber = Int(parts[0].dropLast()),
                  let index = CellName.index(of: parts[1], in: game.variant), let mark = Mark(String(parts[2]))
            else { throw .notAMove(line: number + 1) }
            guard moveNumber == game.moves.count + 1, let next = try? game.playing(index: index, as: mark)
            else { throw .illegalMove(line: number + 1) }
            game = next
        }
        return game
    }

    /// The variant a header comment names, with its line number; nil without a header.
    private static func namedVariant(in lines: [Substring]) throws(ParseError) -> (variant: Variant, line: Int)? {
        let prefix = "# variant:"
        guard let number = lines.firstIndex(where: { $0.lowercased().hasPrefix(prefix) }) else { return nil }
        let words = lines[number].dropFirst(prefix.count).split { $0 == " " || $0 == "\t" }
        guard words.count == 1, let variant = Variant(rawValue: String(words[0])) else { throw .notAMove(line: number + 1) }
        return (variant, number + 1)
    }
}
