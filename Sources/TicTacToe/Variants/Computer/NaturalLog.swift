/// The natural logarithm of a positive `x`, to about nine digits, which is more than the
/// tree search's exploration bonus needs. Written here so the module needs no platform
/// library: x = m × 2^e with m in [1, 2), and ln m = 2 atanh((m − 1)/(m + 1)), whose
/// series converges fast since that ratio is at most 1/3.
func naturalLog(_ x: Double) -> Double {
    let mantissa = x.significand, z = (mantissa - 1) / (mantissa + 1), z2 = z * z
    var term = z, sum = 0.0
    for power in stride(from: 1.0, through: 21, by: 2) {
        sum += term / power
        term *= z2
    }
    return Double(x.exponent) * 0.693_147_180_559_945_3 + 2 * sum
}
