import Foundation
import Testing
@testable import OXOPlay

/// Swiss standings on events small enough to work out by hand.
@Suite("Swiss standings break ties by Buchholz, then Sonneborn–Berger")
struct SwissStandingsTests {
    typealias T = SwissPairingTests

    /// (letter, points, Buchholz, Sonneborn–Berger), in the order of the standings.
    static func lines(_ standings: [SwissStanding]) -> [String] {
        standings.map { line in
            "\(line.place) \(T.letter(line.player)) \(line.points) \(line.buchholz) \(line.sonnebornBerger)"
        }
    }

    /// Five players (a rated highest ... e lowest), three rounds, a bye each round:
    ///
    ///     round 1: a beats d, b draws e, c bye
    ///     round 2: a draws c, b beats d, e bye
    ///     round 3: a draws e, c beats b, d bye
    ///
    /// Points: a 1 + ½ + ½ = 2, b ½ + 1 + 0 = 1½, c 1 + ½ + 1 = 2½, d 0 + 0 + 1 = 1,
    /// e ½ + 1 + ½ = 2. A bye counts as a game against an opponent with the player's own points.
    ///
    ///     Buchholz  a: d 1 + c 2½ + e 2 = 5½        SB  a: 1×1 + ½×2½ + ½×2 = 3¼
    ///               e: b 1½ + bye 2 + a 2 = 5½          e: ½×1½ + 1×2 + ½×2 = 3¾
    ///               c: bye 2½ + a 2 + b 1½ = 6          c: 2½ + ½×2 + 1½ = 5
    ///               b: e 2 + d 1 + c 2½ = 5½            b: ½×2 + 1×1 + 0 = 2
    ///               d: a 2 + b 1½ + bye 1 = 4½          d: 0 + 0 + 1×1 = 1
    ///
    /// a and e tie on points and on Buchholz; Sonneborn–Berger puts e, rated lower, ahead.
    @Test func sonnebornBergerBreaksATieThatBuchholzLeaves() {
        let rounds = [
            SwissRound(games: [T.game("a", "d", .xWon), T.game("b", "e", .draw)], bye: T.id("c")),
            SwissRound(games: [T.game("a", "c", .draw), T.game("b", "d", .xWon)], bye: T.id("e")),
            SwissRound(games: [T.game("a", "e", .draw), T.game("c", "b", .xWon)], bye: T.id("d")),
        ]
        #expect(Self.lines(SwissStandings.standings(players: T.field(5), rounds: rounds)) == [
            "1 c 2.5 6.0 5.0", "2 e 2.0 5.5 3.75", "3 a 2.0 5.5 3.25", "4 b 1.5 5.5 2.0", "5 d 1.0 4.5 1.0",
        ])
    }

    /// Four players, two rounds: a beats b, c beats d; then a draws c, b beats d.
    /// a and c have 1½; Buchholz a: b 1 + c 1½ = 2½, c: d 0 + a 1½ = 1½. (d, last with 0,
    /// has the best Buchholz: c 1½ + b 1; the player order given does not matter.)
    @Test func buchholzBreaksATieOnPoints() {
        let rounds = [
            SwissRound(games: [T.game("a", "b", .xWon), T.game("c", "d", .xWon)]),
            SwissRound(games: [T.game("c", "a", .draw), T.game("b", "d", .xWon)]),
        ]
        #expect(Self.lines(SwissStandings.standings(players: T.field(4).reversed(), rounds: rounds)) == [
            "1 a 1.5 2.5 1.75", "2 c 1.5 1.5 0.75", "3 b 1.0 1.5 0.0", "4 d 0.0 2.5 0.0",
        ])
    }

    /// The same as the first event but e wins round 3: c and e both have 2½, Buchholz 5½
    /// (c: bye 2½ + a 1½ + b 1½; e: b 1½ + bye 2½ + a 1½) and Sonneborn–Berger 4¾
    /// (c: 2½ + ½×1½ + 1½; e: ½×1½ + 2½ + 1½): the higher rating, c's, decides.
    @Test func ratingDecidesWhenEveryTiebreakIsLevelAndNoPlaceIsShared() {
        let rounds = [
            SwissRound(games: [T.game("a", "d", .xWon), T.game("b", "e", .draw)], bye: T.id("c")),
            SwissRound(games: [T.game("a", "c", .draw), T.game("b", "d", .xWon)], bye: T.id("e")),
            SwissRound(games: [T.game("a", "e", .oWon), T.game("c", "b", .xWon)], bye: T.id("d")),
        ]
        let standings = SwissStandings.standings(players: T.field(5), rounds: rounds)
        #expect(Self.lines(standings).prefix(2) == ["1 c 2.5 5.5 4.75", "2 e 2.5 5.5 4.75"])
        #expect(standings.map(\.place) == [1, 2, 3, 4, 5])
        var level = T.field(5)
        level[4].rating = level[2].rating
        let byId = SwissStandings.standings(players: level, rounds: rounds)
        #expect(byId.prefix(2).map(\.player) == [T.id("c"), T.id("e")], "equal ratings too: the id orders them, the same every time")
    }

    /// a misses round 1's start against b, and round 2's against c: b and c win without
    /// playing, a is withdrawn, keeps its place in the standings with 0 and is marked.
    /// An unplayed game counts as one against the player's own points: b (1 point, a forfeit
    /// win) has Buchholz 1 and Sonneborn–Berger 1; a (0) has 0 and 0.
    @Test func missedStartsScoreAsForfeitsAndWithdrawTheAbsentPlayer() {
        let rounds = [
            SwissRound(games: [T.game("a", "b", .xMissedStart), T.game("c", "d", .draw)]),
            SwissRound(games: [T.game("c", "a", .oMissedStart), T.game("d", "b", nil)]),
        ]
        let standings = SwissStandings.standings(players: T.field(4), rounds: rounds)
        #expect(Self.lines(standings) == ["1 c 1.5 2.0 1.75", "2 b 1.0 1.0 1.0", "3 d 0.5 1.5 0.75", "4 a 0.0 0.0 0.0"],
                "c: d ½ + own 1½ (forfeit) = 2, SB ½×½ + 1½; the game d-b in play counts in nothing yet")
        #expect(standings.map(\.withdrawn) == [false, false, false, true])
    }
}
