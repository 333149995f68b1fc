import Foundation
import Testing
@testable import OXOPlay

/// Arena waves, by hand and on generated fields.
@Suite("An arena wave pairs the free players near in points, never back to back")
struct ArenaPairingTests {
    typealias T = SwissPairingTests

    static func candidate(_ letter: Character, _ points: Int, last: Character? = nil, balance: Int = 0) -> ArenaPairing.Candidate {
        ArenaPairing.Candidate(id: T.id(letter), points: points, rating: 1500, lastOpponent: last.map(T.id), colourBalance: balance)
    }

    static func pairs(_ wave: ArenaPairing.Wave) -> Set<Set<UUID>> { Set(wave.games.map { [$0.x, $0.o] }) }

    @Test func playersMeetTheNearestInPoints() {
        let wave = ArenaPairing.pair([Self.candidate("a", 10), Self.candidate("b", 3), Self.candidate("c", 9), Self.candidate("d", 4)])
        #expect(Self.pairs(wave) == [[T.id("a"), T.id("c")], [T.id("b"), T.id("d")]])
        #expect(wave.waiting == nil && wave.backToBack.isEmpty)
    }

    @Test func nobodyMeetsTheirLastOpponentWhileAnotherIsFree() {
        let wave = ArenaPairing.pair([
            Self.candidate("a", 10, last: "c"), Self.candidate("b", 3), Self.candidate("c", 9, last: "a"), Self.candidate("d", 4),
        ])
        #expect(!Self.pairs(wave).contains([T.id("a"), T.id("c")]) && wave.backToBack.isEmpty)
        let alone = ArenaPairing.pair([Self.candidate("a", 10, last: "c"), Self.candidate("c", 9, last: "a")])
        #expect(alone.games.count == 1 && alone.backToBack == alone.games, "with nobody else free they play again, and it says so")
    }

    @Test func theLowestRankedWaitsInAnOddWaveUnlessThatForcesABackToBackGame() {
        let five = [Self.candidate("a", 8), Self.candidate("b", 6), Self.candidate("c", 4), Self.candidate("d", 2), Self.candidate("e", 0)]
        #expect(ArenaPairing.pair(five).waiting == T.id("e"))
        let three = [Self.candidate("a", 8, last: "b"), Self.candidate("b", 6, last: "a"), Self.candidate("c", 4)]
        let wave = ArenaPairing.pair(three)
        #expect(wave.waiting == T.id("b") && wave.backToBack.isEmpty, "c waiting would pair a with b again; b is the next lowest")
        #expect(ArenaPairing.pair([Self.candidate("a", 8)]).waiting == T.id("a"))
        #expect(ArenaPairing.pair([]).games.isEmpty)
    }

    @Test func xGoesToWhoeverHadItLessAndOnALevelBalanceToTheLowerRanked() {
        let fewer = ArenaPairing.pair([Self.candidate("a", 8, balance: -1), Self.candidate("b", 6, balance: 1)])
        #expect(fewer.games == [ArenaPairing.Pair(x: T.id("a"), o: T.id("b"))])
        let level = ArenaPairing.pair([Self.candidate("a", 8), Self.candidate("b", 6)])
        #expect(level.games == [ArenaPairing.Pair(x: T.id("b"), o: T.id("a"))])
    }

    /// Five players all last played `a` (and have waited since); `a`'s only other choices
    /// rank six and seven places below, beyond the fast path's reach: the exact pairing finds one.
    @Test func aPlayerEveryoneNearJustPlayedStillGetsAnotherOpponent() {
        let field = [Self.candidate("a", 20)] + "bcdef".map { Self.candidate($0, 19, last: "a") }
            + [Self.candidate("g", 1), Self.candidate("h", 0)]
        let wave = ArenaPairing.pair(field)
        #expect(wave.backToBack.isEmpty && wave.games.count == 4)
        #expect(Self.pairs(wave).contains { $0.contains(T.id("a")) && ($0.contains(T.id("g")) || $0.contains(T.id("h"))) })
    }
}
