import Foundation

/// Pairs the next round of a Swiss event. The rules, the first outweighing all after it:
/// 1. **One bye each**: in an odd field, the player left over gets a bye worth a win, and
///    nobody gets a second unless everyone has had one (the result says so).
/// 2. **No rematches**: two players meet at most once (a game lost by a missed start counts
///    as their meeting). Only when no pairing without one exists does a round have
///    rematches, as few as there can be, and the result lists them.
/// 3. **The bye goes low**: to the lowest-ranked player who can take it.
/// 4. **Colours that must be**: never three X (or O) in a row, never three more X than O
///    (or O than X) (see `SwissColourWish`).
/// 5. **Near in score**: the squares of the score differences within games add up to the
///    least they can. Players meet their own score group; a group's odd player floats down
///    to meet one of the next group, rather than two players floating across a wider gap.
/// 6. **Colours wished for**: strong wishes, then mild ones.
/// 7. **Dutch order**: ranked inside a score group by rating (then id), the top half meets
///    the bottom half in order, 1st against (g/2 + 1)th and so on; a player who floats is
///    the lowest of their group and meets the highest of the group below. When the rules
///    above forbid that, the pairing is the one that strays least from that order.
///
/// Of every complete pairing, the one chosen is the cheapest under these rules weighed in
/// this order, found exactly (`CheapestPairing`), so a late round that has one pairing
/// without a rematch finds it. Withdrawn players, and players withdrawn by missed starts,
/// are not paired.
package enum SwissPairing {
    package struct Result: Hashable, Sendable {
        /// The next round, its games unplayed, board 1 first.
        package var round: SwissRound
        /// Games of players who have met before; empty unless every pairing needs some.
        package var rematches: [SwissGame]
        /// Whether the bye went to a player who had had one, because every player had.
        package var repeatedBye: Bool
    }

    /// A player in the order that pairs a round: points, then rating, then id.
    struct Ranked: Sendable {
        let player: SwissPlayer
        let points: Double
        let wish: SwissColourWish
        /// The score group (0 the highest), the place inside it (0 its top), and its size.
        var group = 0, place = 0, groupSize = 0
    }

    package static func nextRound(players: [SwissPlayer], rounds: [SwissRound]) -> Result {
        let history = SwissHistory(rounds: rounds)
        let field = ranked(players.filter { MissedStarts.isPaired($0, in: history) }, history: history)
        let odd = field.count % 2 == 1
        let partners = CheapestPairing.partners(count: field.count + (odd ? 1 : 0)) { i, j in
            j == field.count
                ? byeCost(field, i, history: history)
                : cost(field[i], field[j], fieldSize: field.count, history: history)
        }
        var round = SwissRound(games: [], bye: nil)
        var rematches: [SwissGame] = []
        for (i, j) in partners.enumerated() where i < j {
            guard j < field.count else {
                round.bye = field[i].player.id
                continue
            }
            let oddBoard = round.games.count % 2 == 0
            let higherHasX = SwissColourCost.sides(
                higher: field[i].wish, lower: field[j].wish, fieldSize: field.count, oddBoard: oddBoard).higherHasX
            let (higher, lower) = (field[i].player.id, field[j].player.id)
            let game = higherHasX ? SwissGame(x: higher, o: lower) : SwissGame(x: lower, o: higher)
            round.games.append(game)
            if history.meetings(of: higher, with: lower) > 0 { rematches.append(game) }
        }
        return Result(round: round, rematches: rematches, repeatedBye: round.bye.map { history.byes(of: $0) > 0 } ?? false)
    }

    /// The players in pairing order, with their score groups.
    static func ranked(_ players: [SwissPlayer], history: SwissHistory) -> [Ranked] {
        var field = players.map { player in
            Ranked(player: player, points: history.points(of: player.id), wish: SwissColourWish(colours: history.colours(of: player.id)))
        }
        field.sort { a, b in
            if a.points != b.points { return a.points > b.points }
            if a.player.rating != b.player.rating { return a.player.rating > b.player.rating }
            return a.player.id.uuidString < b.player.id.uuidString
        }
        var group = 0, start = 0
        for index in field.indices {
            if index > 0 && field[index].points != field[index - 1].points { (group, start) = (group + 1, index) }
            (field[index].group, field[index].place) = (group, index - start)
        }
        let sizes = Dictionary(grouping: field, by: \.group).mapValues(\.count)
        for index in field.indices { field[index].groupSize = sizes[field[index].group]! }
        return field
    }

    /// The cost of `a` (ranked higher) meeting `b`, in the tiers of the rules above.
    static func cost(_ a: Ranked, _ b: Ranked, fieldSize: Int, history: SwissHistory) -> PairingCost {
        let colours = SwissColourCost.sides(higher: a.wish, lower: b.wish, fieldSize: fieldSize, oddBoard: true).cost
        let gap = Int64(((a.points - b.points) * 2).rounded())
        let order = a.group == b.group
            ? abs((b.place - a.place) - a.groupSize / 2)
            : (a.groupSize - 1 - a.place) + b.place
        return PairingCost(tiers: [
            0, Int64(history.meetings(of: a.player.id, with: b.player.id)), 0, colours.absolute, gap * gap,
            colours.lesser, Int64(order), 0,
        ])
    }

    /// The cost of the bye going to `field[index]`: a second bye outweighs everything, and
    /// the lower the player ranks, the less it costs.
    static func byeCost(_ field: [Ranked], _ index: Int, history: SwissHistory) -> PairingCost {
        PairingCost(tiers: [Int64(history.byes(of: field[index].player.id)), 0, Int64(field.count - 1 - index), 0, 0, 0, 0, 0])
    }
}
