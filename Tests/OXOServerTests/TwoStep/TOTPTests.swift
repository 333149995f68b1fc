import Foundation
@testable import OXOAccounts
import Testing

/// The code generator and the recovery codes, as pure functions.
@Suite("TOTP codes")
struct TOTPTests {
    /// RFC 6238 Appendix B, the SHA1 rows: eight digits, the 20-byte ASCII seed.
    @Test(arguments: [
        (Int64(59), "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
        (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
    ])
    func theRFCsTestVectors(time: Int64, code: String) {
        #expect(TOTP.code(secret: Array("12345678901234567890".utf8), time: time, digits: 8) == code)
    }

    @Test func sixDigitsAreTheLastSixOfTheSameNumber() {
        #expect(TOTP.code(secret: Array("12345678901234567890".utf8), time: 59, digits: 6) == "287082")
    }

    @Test func aCodeIsTakenFromOneStepEitherSideAndOnlyAfterTheLastOneUsed() {
        let secret = TOTP.makeSecret()
        let now: Int64 = 1_800_000_000
        let step = TOTP.step(at: now)
        for offset in -1...1 {
            let code = TOTP.code(secret: secret, step: step + Int64(offset), digits: 6)
            #expect(TOTP.matchingStep(of: code, secret: secret, time: now, after: nil) == step + Int64(offset))
            #expect(TOTP.matchingStep(of: code, secret: secret, time: now, after: step + Int64(offset)) == nil)
        }
        let old = TOTP.code(secret: secret, step: step - 2, digits: 6)
        let early = TOTP.code(secret: secret, step: step + 2, digits: 6)
        #expect(TOTP.matchingStep(of: old, secret: secret, time: now, after: nil) == nil)
        #expect(TOTP.matchingStep(of: early, secret: secret, time: now, after: nil) == nil)
        for typed in ["", "12345", "1234567", "12 456", "١٢٣٤٥٦", String(repeating: "9", count: 10_000)] {
            #expect(TOTP.matchingStep(of: typed, secret: secret, time: now, after: nil) == nil, "\(typed.prefix(10))")
        }
    }

    @Test func theSecretIsTwentyBytesInBase32AndTheURINamesTheAccount() {
        let secret = TOTP.makeSecret()
        let text = Base32.encode(secret)
        #expect(secret.count == 20 && text.count == 32)
        #expect(Base32.decode(text) == secret)
        #expect(Base32.encode(Array("foobar".utf8)) == "MZXW6YTBOI")
        #expect(Base32.decode("MZXW6YTBOI") == Array("foobar".utf8))
        #expect(Base32.decode("MZXW6YTBO1") == nil)
        #expect(TOTP.uri(secret: secret, username: "alice") == "otpauth://totp/OXO:alice?secret=\(text)&issuer=OXO")
    }

    @Test func recoveryCodesAreReadWhateverTheirCaseSpacesAndDashes() throws {
        let code = RecoveryCodeText.make()
        #expect(code.count == 29 && code.split(separator: "-").count == 6)
        let hash = try #require(RecoveryCodeText.hash(of: code))
        #expect(RecoveryCodeText.hash(of: code.lowercased()) == hash)
        #expect(RecoveryCodeText.hash(of: code.replacingOccurrences(of: "-", with: " ")) == hash)
        #expect(RecoveryCodeText.hash(of: String(code.dropLast())) == nil)
        #expect(RecoveryCodeText.hash(of: String(repeating: "A", count: 100)) == nil)
        #expect(RecoveryCodeText.make() != code)
    }
}
