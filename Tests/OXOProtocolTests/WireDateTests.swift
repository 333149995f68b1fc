import Foundation
@testable import OXOProtocol
import Testing

/// The wire's dates, written with no calendar, are Foundation's ISO 8601 with milliseconds
/// for every date of the Gregorian calendar: leap days and centuries, the last millisecond
/// of a day, and instants before 1970 and between two milliseconds, which are cut, not rounded.
@Suite("Dates on the wire")
struct WireDateTests {
    static let foundation = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    @Test func awkwardInstantsAreWrittenAsFoundationWritesThem() {
        let instants: [TimeInterval] = [
            0, 0.0005, 0.0015, 0.9999, 1.0004999, 1.0005, -0.0001, -0.5, -1.0005, -86_400, -86_400.001,
            951_782_400, 951_868_799.999, 4_107_542_400, 4_102_444_799.9994, 1_764_409_716.1235,
            -11_676_096_000, -12_212_553_600, 253_402_300_799.999, 1_582_934_400,
        ]
        for instant in instants {
            let date = Date(timeIntervalSince1970: instant)
            #expect(WireDate.text(date) == date.formatted(Self.foundation), "\(instant)")
        }
    }

    @Test func aHundredThousandInstantsFrom1600To9999AreWrittenAsFoundationWritesThem() {
        var generator = SplitMix(seed: 29_112_026)
        let first = -11_676_096_000.0, last = 253_402_300_799.0
        for _ in 0..<100_000 {
            let instant = first + Double(generator.next() % UInt64(last - first)) + Double(generator.next() % 1_000_000) / 1_000_000
            let date = Date(timeIntervalSince1970: instant)
            guard WireDate.text(date) == date.formatted(Self.foundation) else {
                Issue.record("\(instant): \(WireDate.text(date)) against \(date.formatted(Self.foundation))")
                return
            }
        }
    }

    @Test func datesNoMessageCarriesAreWrittenWithoutATrap() {
        #expect(WireDate.text(.distantFuture) == "4001-01-01T00:00:00.000Z")
        #expect(WireDate.text(Date(timeIntervalSince1970: .infinity)) == "9999-12-31T23:59:59.999Z")
        #expect(WireDate.text(Date(timeIntervalSince1970: -.infinity)) == "0001-01-01T00:00:00.000Z")
        #expect(WireDate.text(Date(timeIntervalSince1970: .nan)) == "1970-01-01T00:00:00.000Z")
    }

    @Test func theMessagesDatesAreTheWireDates() throws {
        let date = Date(timeIntervalSince1970: 1_764_409_716.1235)
        #expect(String(decoding: try Wire.encoder.encode([date]), as: UTF8.self) == #"["2025-11-29T09:48:36.123Z"]"#)
    }
}

/// A small generator with a seed, so that a failure comes back on the next run.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
