import Foundation
import Testing
@testable import OXOPlay

/// Swiss pairing on small fields worked out by hand.
@Suite("A Swiss round is paired by the rules")
struct SwissPairingTests {
    /// Players named by letter, rated from 2000 down in steps of 50 (so `a` is the highest).
    static func field(_ count: Int) -> [SwissPlayer] {
        (0..<count).map { SwissPlayer(id: id(Character(UnicodeScalar(97 + $0)!)), rating: 2000 - 50 * Double($0)) }
    }

    static func id(_ letter: Character) -> UUID {
        UUID(uuidString: "00000000-0000-0000-0000-0000000000\(String(format: "%02X", letter.asciiValue!))")!
    }

    static func game(_ x: Character, _ o: Character, _ result: SwissGame.Result? = .draw) -> SwissGame {
        SwissGame(x: id(x), o: id(o), result: result)
    }

    /// The games as "xo" letter pairs, board 1 first.
    static func boards(_ round: SwissRound) -> [String] {
        round.games.map { String([letter($0.x), letter($0.o)]) }
    }

    static func letter(_ id: UUID) -> Character { Character(UnicodeScalar(id.uuid.15)) }

    @Test func theFirstRoundPairsTheTopHalfWithTheBottomHalfAndAlternatesX() {
        let result = SwissPairing.nextRound(players: Self.field(8), rounds: [])
        #expect(Self.boards(result.round) == ["ae", "fb", "cg", "hd"], "1st v 5th with X, 6th has X against 2nd, ...")
        #expect(result.round.bye == nil && result.rematches.isEmpty && !result.repeatedBye)
    }

    @Test func anOddFieldGivesTheByeToTheLowestRankedPlayerWhoHasNotHadOne() {
        let first = SwissPairing.nextRound(players: Self.field(5), rounds: [])
        #expect(first.round.bye == Self.id("e"))
        #expect(Self.boards(first.round) == ["ac", "db"])
        let afterOne = [SwissRound(games: [Self.game("a", "c"), Self.game("d", "b")], bye: Self.id("e"))]
        let second = SwissPairing.nextRound(players: Self.field(5), rounds: afterOne)
        #expect(second.round.bye == Self.id("d"), "e had the bye and leads with a point; d is the lowest of the draws")
        #expect(!second.repeatedBye && second.rematches.isEmpty)
    }

    @Test func aScoreGroupsOddPlayerFloatsDownToTheTopOfTheNextGroup() {
        // Round 1, a-d, b-e, c-f, won by a, b and c, leaves a, b, c on 1 and d, e, f on 0.
        let round1 = SwissRound(games: [Self.game("a", "d", .xWon), Self.game("e", "b", .oWon), Self.game("c", "f", .xWon)])
        let result = SwissPairing.nextRound(players: Self.field(6), rounds: [round1])
        let pairs = Set(result.round.games.map { Set([$0.x, $0.o]) })
        #expect(pairs == [Set([Self.id("a"), Self.id("b")]), Set([Self.id("c"), Self.id("d")]), Set([Self.id("e"), Self.id("f")])],
                "a meets b; c, lowest of the winners, floats to d, highest of the losers")
    }

    @Test func whenEveryPairingHasARematchTheFewestAreMadeAndListed() {
        // Four players, three rounds: everyone has met everyone.
        let rounds = [
            SwissRound(games: [Self.game("a", "c", .xWon), Self.game("d", "b", .oWon)]),
            SwissRound(games: [Self.game("b", "a", .draw), Self.game("c", "d", .xWon)]),
            SwissRound(games: [Self.game("a", "d", .xWon), Self.game("b", "c", .draw)]),
        ]
        let result = SwissPairing.nextRound(players: Self.field(4), rounds: rounds)
        #expect(result.round.games.count == 2 && result.rematches == result.round.games)
    }

    @Test func aSecondByeComesOnlyWhenEveryoneHasHadOne() {
        var rounds: [SwissRound] = []
        for _ in 0..<4 {
            let result = SwissPairing.nextRound(players: Self.field(3), rounds: rounds)
            #expect(result.repeatedBye == (rounds.count == 3), "round \(rounds.count + 1)")
            rounds.append(SwissRound(games: result.round.games.map { SwissGame(x: $0.x, o: $0.o, result: .draw) }, bye: result.round.bye))
        }
        #expect(Set(rounds.prefix(3).compactMap(\.bye)).count == 3)
    }

    @Test func withdrawnPlayersAndPlayersWhoMissedTwoStartsAreNotPaired() {
        var players = Self.field(6)
        players[1].withdrawn = true
        let rounds = [
            SwissRound(games: [Self.game("a", "d", .oMissedStart), Self.game("e", "b", .xWon), Self.game("c", "f", .draw)]),
            SwissRound(games: [Self.game("d", "c", .xMissedStart), Self.game("a", "e", .bothMissedStart), Self.game("f", "b", .xWon)]),
        ]
        let result = SwissPairing.nextRound(players: players, rounds: rounds)
        let paired = Set(result.round.games.flatMap { [$0.x, $0.o] } + [result.round.bye].compactMap { $0 })
        #expect(paired == Set(["a", "c", "e", "f"].map { Self.id(Character($0)) }),
                "b withdrew and d missed two starts; a missed one, and plays on")
    }

    @Test func aMissedStartLosesTheGameForWhoeverWasNotThere() {
        #expect(MissedStarts.result(xPresent: true, oPresent: true) == nil)
        #expect(MissedStarts.result(xPresent: false, oPresent: true) == .xMissedStart)
        #expect(MissedStarts.result(xPresent: true, oPresent: false) == .oMissedStart)
        #expect(MissedStarts.result(xPresent: false, oPresent: false) == .bothMissedStart)
        let history = SwissHistory(rounds: [
            SwissRound(games: [Self.game("a", "b", .xMissedStart)]),
            SwissRound(games: [Self.game("c", "a", .draw)]),
            SwissRound(games: [Self.game("a", "d", .bothMissedStart)]),
        ])
        #expect(history.points(of: Self.id("b")) == 1 && history.points(of: Self.id("d")) == 0)
        #expect(history.points(of: Self.id("a")) == 0.5)
        #expect(history.colours(of: Self.id("a")) == [.o], "games never played give no colour")
        #expect(MissedStarts.withdraws(Self.id("a"), in: history), "the second missed start, not in a row, withdraws")
        #expect(!MissedStarts.withdraws(Self.id("d"), in: history))
    }
}
