import Foundation
import Testing

/// The allocations per move last recorded, for the build being run: a debug build
/// allocates several times what an optimised one does, so each has its own figure.
struct AllocationBaseline: Decodable {
    let debug: Double?
    let release: Double?

    /// A figure past this much above the baseline fails; one this far below it asks for
    /// the baseline to be lowered, so that the gain is kept.
    static let allowedGrowth = 1.10
    static let worthRecording = 0.80

    static func recorded() throws -> AllocationBaseline {
        let url = try #require(Bundle.module.url(forResource: "allocations-per-move", withExtension: "json"))
        return try JSONDecoder().decode(AllocationBaseline.self, from: Data(contentsOf: url))
    }

    static var build: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    var figure: Double? {
        #if DEBUG
        debug
        #else
        release
        #endif
    }
}
