import Crypto
import Foundation

/// Time-based one-time passwords (RFC 6238): HMAC-SHA1 over the number of 30-second steps
/// since 1970, cut to a few digits. Pure functions of the secret and the time, so they are
/// tested against the RFC's own vectors without a server.
enum TOTP {
    /// Seconds a code lasts.
    static let period: Int64 = 30
    /// Digits of the codes the server asks for (authenticator apps' default).
    static let digits = 6
    /// Steps either side of now a code may come from: a phone's clock a little off, or a
    /// code typed as it changed.
    static let drift: Int64 = 1

    /// The time step `time` (seconds since 1970) falls in.
    static func step(at time: Int64) -> Int64 { time / period }

    /// The code for `time`, `digits` long with leading zeros.
    static func code(secret: [UInt8], time: Int64, digits: Int) -> String {
        code(secret: secret, step: step(at: time), digits: digits)
    }

    /// RFC 4226's HOTP of the step's number, which is what RFC 6238 makes of a time.
    static func code(secret: [UInt8], step: Int64, digits: Int) -> String {
        let counter = withUnsafeBytes(of: UInt64(truncatingIfNeeded: step).bigEndian) { Array($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: counter, using: SymmetricKey(data: secret)))
        // Dynamic truncation: the last nibble says where four bytes are read, top bit dropped.
        let offset = Int(mac[mac.count - 1] & 0x0f)
        let number = mac[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } & 0x7fff_ffff
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let text = String(number % modulus)
        return String(repeating: "0", count: digits - text.count) + text
    }

    /// The step, within `drift` of `time`'s and later than `lastUsed`, whose code `code` is;
    /// nil when there is none. Later than the last one used: each code is good once.
    static func matchingStep(of code: String, secret: [UInt8], time: Int64, after lastUsed: Int64?) -> Int64? {
        let typed = Array(code.utf8)
        guard typed.count == digits, typed.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        let now = step(at: time)
        return (now - drift...now + drift).first { candidate in
            candidate > (lastUsed ?? .min) && sameBytes(typed, Array(Self.code(secret: secret, step: candidate, digits: digits).utf8))
        }
    }

    /// Compares in a time that does not depend on where the bytes differ.
    private static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count && zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A new secret: 20 random bytes, the size of an HMAC-SHA1 key (RFC 4226's advice).
    static func makeSecret() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<20).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// The address authenticator apps read (Google's "Key Uri Format"), from a QR code or a link.
    /// A username is letters, digits, `_` and `-` (`AccountRules`), all safe in a URI as they are.
    static func uri(secret: [UInt8], username: String) -> String {
        "otpauth://totp/OXO:\(username)?secret=\(Base32.encode(secret))&issuer=OXO"
    }
}
