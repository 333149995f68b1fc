import Foundation
@testable import OXOPlay

/// The tests' own account of a Swiss event, kept apart from `SwissHistory` so that the
/// pairing is checked against the rules as written, not against its own bookkeeping.
struct SwissReferee {
    var points: [UUID: Double] = [:]
    var meetings: [Set<UUID>: Int] = [:]
    var colours: [UUID: [Character]] = [:]
    var byes: [UUID: Int] = [:]
    var missedStarts: [UUID: Int] = [:]

    mutating func record(_ round: SwissRound) {
        if let bye = round.bye {
            byes[bye, default: 0] += 1
            points[bye, default: 0] += 1
        }
        for game in round.games {
            meetings[[game.x, game.o], default: 0] += 1
            let (x, o): (Double, Double)
            switch game.result! {
            case .xWon: (x, o) = (1, 0)
            case .oWon: (x, o) = (0, 1)
            case .draw: (x, o) = (0.5, 0.5)
            case .xMissedStart: (x, o) = (0, 1)
            case .oMissedStart: (x, o) = (1, 0)
            case .bothMissedStart: (x, o) = (0, 0)
            }
            points[game.x, default: 0] += x
            points[game.o, default: 0] += o
            switch game.result! {
            case .xMissedStart: missedStarts[game.x, default: 0] += 1
            case .oMissedStart: missedStarts[game.o, default: 0] += 1
            case .bothMissedStart: missedStarts[game.x, default: 0] += 1; missedStarts[game.o, default: 0] += 1
            default:
                colours[game.x, default: []].append("x")
                colours[game.o, default: []].append("o")
            }
        }
    }

    /// The colour a player must have: the other one after two the same in a row, or after
    /// two more of one than of the other.
    func mustHave(_ player: UUID) -> Character? {
        let played = colours[player] ?? []
        if played.suffix(2) == ["x", "x"] { return "o" }
        if played.suffix(2) == ["o", "o"] { return "x" }
        let balance = played.count { $0 == "x" } - played.count { $0 == "o" }
        return balance >= 2 ? "o" : balance <= -2 ? "x" : nil
    }

    /// How many "must"s giving `x` X and `o` O breaks.
    func mustsBroken(x: UUID, o: UUID) -> Int {
        (mustHave(x) == "o" ? 1 : 0) + (mustHave(o) == "x" ? 1 : 0)
    }

    /// What meeting costs in the rules that outweigh the rest, in their order: second byes,
    /// rematches, the bye's rank, "must"s broken (the fewer of the two ways round) and the
    /// square of the score gap in half points.
    func cost(_ a: UUID, _ b: UUID) -> [Int] {
        let gap = Int(((points[a, default: 0] - points[b, default: 0]) * 2).magnitude)
        return [0, meetings[[a, b], default: 0], 0, min(mustsBroken(x: a, o: b), mustsBroken(x: b, o: a)), gap * gap]
    }

    /// What a bye costs: whether it is a second, then how many players of `ranked` (pairing
    /// order) are below the player.
    func byeCost(_ player: UUID, ranked: [UUID]) -> [Int] {
        [byes[player, default: 0], 0, ranked.count - 1 - ranked.firstIndex(of: player)!, 0, 0]
    }

    /// The least total, tier by tier, of all pairings of `players` (with a bye when odd).
    func cheapest(_ players: [UUID], ranked: [UUID]) -> [Int] {
        guard let first = players.first else { return [0, 0, 0, 0, 0] }
        var best: [Int]?
        func consider(_ total: [Int]) {
            if best == nil || total.lexicographicallyPrecedes(best!) { best = total }
        }
        if players.count % 2 == 1 { consider(add(byeCost(first, ranked: ranked), cheapest(Array(players.dropFirst()), ranked: ranked))) }
        for index in players.indices.dropFirst() {
            var rest = Array(players.dropFirst())
            rest.remove(at: index - 1)
            consider(add(cost(first, players[index]), cheapest(rest, ranked: ranked)))
        }
        return best!
    }

    func add(_ a: [Int], _ b: [Int]) -> [Int] { zip(a, b).map(+) }
}
