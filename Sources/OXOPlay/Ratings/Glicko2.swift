import Foundation

/// Mark Glickman's Glicko-2 rating system, as a pure function: the ratings after one
/// rating period from the ratings before it. OXO makes every game its own period with one
/// opponent, and lets no time pass between periods (see docs/ARCHITECTURE.md).
enum Glicko2 {
    /// A rating on Glicko's scale (1500 and a deviation of 350 for a newcomer).
    struct Rating: Equatable, Sendable {
        var value: Double
        var deviation: Double
        var volatility: Double

        static let initial = Rating(value: 1500, deviation: 350, volatility: 0.06)

        /// A rating says little while its deviation is above this.
        static let provisionalDeviation = 110.0

        var isProvisional: Bool { deviation > Self.provisionalDeviation }
    }

    /// One game of the period: the opponent's rating before it, and the score (1 for a
    /// win, 0.5 for a draw, 0 for a loss).
    struct Game: Sendable {
        let opponent: Rating
        let score: Double
    }

    /// τ, which limits how fast the volatility may change.
    static let tau = 0.5
    /// Converts between Glicko's scale and Glicko-2's.
    private static let scale = 173.7178
    /// How close the volatility's iteration must come.
    private static let tolerance = 0.000_001

    /// The rating after the period in which `rating` played `games` (at least one).
    static func updated(_ rating: Rating, after games: [Game]) -> Rating {
        precondition(!games.isEmpty, "a rating period without games changes no rating here")
        let mu = (rating.value - 1500) / scale
        let phi = rating.deviation / scale
        var inverseVariance = 0.0, improvement = 0.0
        for game in games {
            let opponentMu = (game.opponent.value - 1500) / scale
            let g = weight(game.opponent.deviation / scale)
            let expected = 1 / (1 + exp(-g * (mu - opponentMu)))
            inverseVariance += g * g * expected * (1 - expected)
            improvement += g * (game.score - expected)
        }
        let variance = 1 / inverseVariance
        let delta = variance * improvement
        let volatility = newVolatility(rating.volatility, phi: phi, variance: variance, delta: delta)
        let phiStar = (phi * phi + volatility * volatility).squareRoot()
        let newPhi = 1 / (1 / (phiStar * phiStar) + 1 / variance).squareRoot()
        let newMu = mu + newPhi * newPhi * improvement
        // Never less certain than a newcomer.
        return Rating(value: newMu * scale + 1500, deviation: min(newPhi * scale, Rating.initial.deviation), volatility: volatility)
    }

    /// g(φ): how much a game against an opponent this uncertain counts.
    private static func weight(_ phi: Double) -> Double {
        1 / (1 + 3 * phi * phi / (Double.pi * Double.pi)).squareRoot()
    }

    /// Step 5 of Glickman's paper: the new volatility, by the Illinois algorithm.
    private static func newVolatility(_ sigma: Double, phi: Double, variance v: Double, delta: Double) -> Double {
        let a = log(sigma * sigma)
        func f(_ x: Double) -> Double {
            let ex = exp(x)
            let denominator = phi * phi + v + ex
            return ex * (delta * delta - phi * phi - v - ex) / (2 * denominator * denominator) - (x - a) / (tau * tau)
        }
        var lower = a
        var upper: Double
        if delta * delta > phi * phi + v {
            upper = log(delta * delta - phi * phi - v)
        } else {
            var k = 1.0
            while f(a - k * tau) < 0 { k += 1 }
            upper = a - k * tau
        }
        var fLower = f(lower), fUpper = f(upper)
        while abs(upper - lower) > tolerance {
            let middle = lower + (lower - upper) * fLower / (fUpper - fLower)
            let fMiddle = f(middle)
            if fMiddle * fUpper <= 0 {
                lower = upper
                fLower = fUpper
            } else {
                fLower /= 2
            }
            upper = middle
            fUpper = fMiddle
        }
        return exp(lower / 2)
    }
}
