import Foundation

/// A player of a Swiss event, as the pairing and the standings see them.
package struct SwissPlayer: Hashable, Sendable {
    package let id: UUID
    /// The rating in the event's variant and pace: it orders players of equal score.
    package var rating: Double
    /// Left the event, or was withdrawn by a moderator: never paired again, still in the
    /// standings with the points they made. (Two missed starts withdraw a player too; see
    /// `MissedStarts`.)
    package var withdrawn: Bool

    package init(id: UUID, rating: Double, withdrawn: Bool = false) {
        (self.id, self.rating, self.withdrawn) = (id, rating, withdrawn)
    }
}

/// One game of a round: who had X (and moved first), who had O, and how it ended.
package struct SwissGame: Hashable, Sendable {
    package let x: UUID
    package let o: UUID
    /// Nil while the game is being played.
    package var result: Result?

    package init(x: UUID, o: UUID, result: Result? = nil) {
        (self.x, self.o, self.result) = (x, o, result)
    }

    package enum Result: Hashable, Sendable {
        case xWon, oWon, draw
        /// The game was never played: a player who was not there at the round's start loses
        /// it, and when neither was, both do.
        case xMissedStart, oMissedStart, bothMissedStart
    }
}

/// A round as it was paired and played.
package struct SwissRound: Hashable, Sendable {
    package var games: [SwissGame]
    /// The player left over in an odd field, who scores a win without playing.
    package var bye: UUID?

    package init(games: [SwissGame], bye: UUID? = nil) {
        (self.games, self.bye) = (games, bye)
    }
}

/// What the rounds so far say about each player: points, opponents, colours, byes and
/// missed starts. Pairing and standings both read the rounds through this, so that they
/// never count a round differently.
struct SwissHistory: Sendable {
    /// Which side a player had in a game played over the board.
    enum Colour: Hashable, Sendable { case x, o }

    /// One round of one player's event.
    struct Entry: Hashable, Sendable {
        /// Nil for a bye.
        var opponent: UUID?
        /// Nil while the game is being played.
        var points: Double?
        /// Nil for a bye and for a game that was never played (a missed start).
        var colour: Colour?
        var missedStart = false

        var playedOverTheBoard: Bool { colour != nil }
    }

    /// A win, and a bye: worth as much as a win.
    static let win = 1.0, draw = 0.5, loss = 0.0

    private(set) var entries: [UUID: [Entry]] = [:]

    init(rounds: [SwissRound]) {
        for round in rounds {
            if let bye = round.bye { entries[bye, default: []].append(Entry(opponent: nil, points: Self.win)) }
            for game in round.games { record(game) }
        }
    }

    private mutating func record(_ game: SwissGame) {
        var x = Entry(opponent: game.o), o = Entry(opponent: game.x)
        switch game.result {
        case nil: x.colour = .x; o.colour = .o
        case .xWon?: (x.points, o.points, x.colour, o.colour) = (Self.win, Self.loss, .x, .o)
        case .oWon?: (x.points, o.points, x.colour, o.colour) = (Self.loss, Self.win, .x, .o)
        case .draw?: (x.points, o.points, x.colour, o.colour) = (Self.draw, Self.draw, .x, .o)
        case .xMissedStart?: (x.points, o.points, x.missedStart) = (Self.loss, Self.win, true)
        case .oMissedStart?: (x.points, o.points, o.missedStart) = (Self.win, Self.loss, true)
        case .bothMissedStart?: (x.points, o.points, x.missedStart, o.missedStart) = (Self.loss, Self.loss, true, true)
        }
        entries[game.x, default: []].append(x)
        entries[game.o, default: []].append(o)
    }

    func rounds(of player: UUID) -> [Entry] { entries[player] ?? [] }

    /// Points so far: 1 a win, ½ a draw, 0 a loss, 1 a bye, 1 a win because the opponent
    /// missed the start, 0 a missed start.
    func points(of player: UUID) -> Double { rounds(of: player).reduce(0) { $0 + ($1.points ?? 0) } }

    /// How often the two have been paired, whether or not the game was played.
    func meetings(of player: UUID, with other: UUID) -> Int { rounds(of: player).count { $0.opponent == other } }

    func byes(of player: UUID) -> Int { rounds(of: player).count { $0.opponent == nil } }

    func missedStarts(of player: UUID) -> Int { rounds(of: player).count(where: \.missedStart) }

    /// The sides the player had in the games played over the board, in order.
    func colours(of player: UUID) -> [Colour] { rounds(of: player).compactMap(\.colour) }
}
