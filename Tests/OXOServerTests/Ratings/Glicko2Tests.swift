import Foundation
import Testing
@testable import OXOPlay
@testable import OXOServer

@Suite("Glicko-2, as Glickman defines it")
struct Glicko2Tests {
    /// "Example of the Glicko-2 system": 1500/200 beats 1400/30, loses to 1550/100 and to
    /// 1700/300 in one period. The paper rounds every step on the way and prints 1464.06,
    /// 151.52 and 0.05999; exact arithmetic gives 1464.0507, within the paper's hundredth.
    @Test func reproducesGlickmansWorkedExample() {
        let player = Glicko2.Rating(value: 1500, deviation: 200, volatility: 0.06)
        let after = Glicko2.updated(player, after: [
            .init(opponent: .init(value: 1400, deviation: 30, volatility: 0.06), score: 1),
            .init(opponent: .init(value: 1550, deviation: 100, volatility: 0.06), score: 0),
            .init(opponent: .init(value: 1700, deviation: 300, volatility: 0.06), score: 0),
        ])
        #expect(abs(after.value - 1464.06) < 0.01, "\(after.value)")
        #expect(abs(after.deviation - 151.52) < 0.01, "\(after.deviation)")
        #expect(abs(after.volatility - 0.05999) < 0.000_01, "\(after.volatility)")
    }

    @Test func newcomersStartAt1500AndAreProvisionalUntilTheDeviationIs110OrLess() {
        #expect(Glicko2.Rating.initial == .init(value: 1500, deviation: 350, volatility: 0.06))
        #expect(Glicko2.Rating.initial.isProvisional)
        #expect(Glicko2.Rating(value: 1500, deviation: 110.01, volatility: 0.06).isProvisional)
        #expect(!Glicko2.Rating(value: 1500, deviation: 110, volatility: 0.06).isProvisional)
    }

    @Test func aWinRaisesWhatALossLowersAndADrawBetweenEqualsChangesNoRating() {
        let newcomer = Glicko2.Rating.initial
        let winner = Glicko2.updated(newcomer, after: [.init(opponent: newcomer, score: 1)])
        let loser = Glicko2.updated(newcomer, after: [.init(opponent: newcomer, score: 0)])
        #expect(winner.value > 1500 && loser.value < 1500)
        #expect(abs((winner.value - 1500) - (1500 - loser.value)) < 1e-9)
        #expect(winner.deviation < 350 && winner.deviation == loser.deviation)
        let drawn = Glicko2.updated(newcomer, after: [.init(opponent: newcomer, score: 0.5)])
        #expect(abs(drawn.value - 1500) < 1e-9)
    }

    @Test func beatingAStrongerPlayerGainsMoreThanBeatingAWeakerOne() {
        let me = Glicko2.Rating(value: 1500, deviation: 80, volatility: 0.06)
        let strong = Glicko2.Rating(value: 1800, deviation: 80, volatility: 0.06)
        let weak = Glicko2.Rating(value: 1200, deviation: 80, volatility: 0.06)
        #expect(Glicko2.updated(me, after: [.init(opponent: strong, score: 1)]).value
            > Glicko2.updated(me, after: [.init(opponent: weak, score: 1)]).value)
    }

    @Test func theWeekStartsOnMondayAtMidnightUTC() {
        // 2027-01-15 is a Friday.
        let friday = Date(timeIntervalSince1970: 1_800_000_000)
        let monday = RatingWeek.start(of: friday)
        #expect(monday == ISO8601DateFormatter().date(from: "2027-01-11T00:00:00Z"))
        #expect(RatingWeek.start(of: monday) == monday)
        #expect(RatingWeek.start(of: monday.addingTimeInterval(-1)) == monday.addingTimeInterval(-7 * 86400))
    }
}
