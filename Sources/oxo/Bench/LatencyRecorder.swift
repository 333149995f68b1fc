import NIOConcurrencyHelpers
import NIOCore

/// Keeps every latency sample (four bytes each: a 30-second run at 10,000 moves a second
/// is about a megabyte), so the percentiles are exact rather than estimated.
final class LatencyRecorder: Sendable {
    let name: String
    private let microseconds = NIOLockedValueBox<[UInt32]>([])

    init(_ name: String) {
        self.name = name
        microseconds.withLockedValue { $0.reserveCapacity(1 << 16) }
    }

    /// Records the time from `start` until now.
    func record(since start: NIODeadline) {
        record(nanoseconds: NIODeadline.now().uptimeNanoseconds - start.uptimeNanoseconds)
    }

    func record(nanoseconds: UInt64) {
        let value = UInt32(clamping: nanoseconds / 1000)
        microseconds.withLockedValue { $0.append(value) }
    }

    var count: Int { microseconds.withLockedValue { $0.count } }

    func summary() -> LatencySummary {
        LatencySummary(name: name, sortedMicroseconds: microseconds.withLockedValue { $0 }.sorted())
    }
}

/// Percentiles in milliseconds, and the counts per bucket the chart draws.
struct LatencySummary: Codable, Sendable {
    let name: String
    let count: Int
    let p50: Double
    let p90: Double
    let p99: Double
    let p999: Double
    let max: Double
    let mean: Double
    /// Samples per bucket, each holding latencies above the previous bucket's bound.
    let histogram: [Bucket]

    struct Bucket: Codable, Sendable {
        let upToMilliseconds: Double
        let count: Int
    }

    init(name: String, sortedMicroseconds samples: [UInt32]) {
        self.name = name
        count = samples.count
        func percentile(_ fraction: Double) -> Double {
            guard !samples.isEmpty else { return 0 }
            let rank = Int((fraction * Double(samples.count)).rounded(.up)) - 1
            return Double(samples[Swift.max(0, Swift.min(samples.count - 1, rank))]) / 1000
        }
        p50 = percentile(0.5)
        p90 = percentile(0.9)
        p99 = percentile(0.99)
        p999 = percentile(0.999)
        max = Double(samples.last ?? 0) / 1000
        mean = samples.isEmpty ? 0 : samples.reduce(0.0) { $0 + Double($1) } / Double(samples.count) / 1000
        histogram = Self.buckets(samples)
    }

    /// Four buckets per doubling, from 50 µs: fine enough to see the shape of the
    /// distribution from the fastest answer to the slowest, on a log scale.
    private static func buckets(_ sorted: [UInt32]) -> [Bucket] {
        guard let largest = sorted.last else { return [] }
        var buckets: [Bucket] = []
        var bound = 50.0
        var index = 0
        while true {
            let start = index
            while index < sorted.count, Double(sorted[index]) <= bound { index += 1 }
            buckets.append(Bucket(upToMilliseconds: bound / 1000, count: index - start))
            if Double(largest) <= bound { break }
            bound *= 1.189_207_115  // 2^(1/4)
        }
        return buckets
    }
}
