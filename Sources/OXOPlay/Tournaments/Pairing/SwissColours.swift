/// Who moves first. X's first move is worth a lot at Tic-Tac-Toe, so a Swiss gives each
/// player X and O in turn as far as it can. A player's wish comes from the games they
/// played over the board (a bye or a forfeit gives no colour):
/// - none before their first game;
/// - **must** have O after two X in a row, or when they have had X two more times than O
///   (and the other way round): never three X in a row, never three more X than O, if
///   avoidable;
/// - **strongly** wants O when they have had X one time more than O;
/// - **mildly** wants the colour they did not have last, when their X and O are level.
///
/// Pairing weighs "must" above nearness in score (it is broken only when every pairing
/// without a rematch would break it, or put the bye on someone else), and the strong and
/// mild wishes below it. In a game, the sides are given to break the fewest and weakest
/// wishes; on a tie the higher-ranked player has their wish, and when neither has one, the
/// higher-ranked player has X on odd boards and O on even boards.
struct SwissColourWish: Hashable, Sendable {
    enum Strength: Hashable, Sendable { case none, mild, strong, absolute }

    var colour: SwissHistory.Colour?
    var strength: Strength

    init(colours: [SwissHistory.Colour]) {
        let balance = colours.count { $0 == .x } - colours.count { $0 == .o }
        let lastTwo = colours.suffix(2)
        if colours.isEmpty {
            (colour, strength) = (nil, .none)
        } else if lastTwo == [.x, .x] {
            (colour, strength) = (.o, .absolute)
        } else if lastTwo == [.o, .o] {
            (colour, strength) = (.x, .absolute)
        } else if abs(balance) >= 2 {
            (colour, strength) = (balance > 0 ? .o : .x, .absolute)
        } else if balance != 0 {
            (colour, strength) = (balance > 0 ? .o : .x, .strong)
        } else {
            (colour, strength) = (colours.last == .x ? .o : .x, .mild)
        }
    }

    /// How much giving this player `side` breaks their wish.
    func broken(by side: SwissHistory.Colour) -> Strength { colour == nil || colour == side ? .none : strength }
}

/// The wishes a pairing of two breaks: how many "must"s, and the rest weighed so that a
/// strong wish outweighs every mild one (`fieldSize + 1` of them).
struct SwissColourCost: Comparable, Sendable {
    var absolute: Int64
    var lesser: Int64

    init(_ broken: [SwissColourWish.Strength], fieldSize: Int) {
        absolute = Int64(broken.count { $0 == .absolute })
        lesser = broken.reduce(0) { total, strength in
            total + (strength == .strong ? Int64(fieldSize + 1) : strength == .mild ? 1 : 0)
        }
    }

    static func < (lhs: SwissColourCost, rhs: SwissColourCost) -> Bool { (lhs.absolute, lhs.lesser) < (rhs.absolute, rhs.lesser) }

    /// The sides for `higher` (the higher-ranked) and `lower`: true when `higher` has X, and
    /// what that breaks. `oddBoard` settles a game where nothing else does.
    static func sides(higher: SwissColourWish, lower: SwissColourWish, fieldSize: Int,
                      oddBoard: Bool) -> (higherHasX: Bool, cost: SwissColourCost) {
        let higherX = SwissColourCost([higher.broken(by: .x), lower.broken(by: .o)], fieldSize: fieldSize)
        let higherO = SwissColourCost([higher.broken(by: .o), lower.broken(by: .x)], fieldSize: fieldSize)
        if higherX != higherO { return higherX < higherO ? (true, higherX) : (false, higherO) }
        if let wish = higher.colour { return (wish == .x, higherX) }
        return (oddBoard, higherX)
    }
}
