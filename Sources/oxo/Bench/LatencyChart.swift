import Foundation

/// The latency distribution as an SVG: for each series, the share of samples in each
/// bucket on a logarithmic time axis (a long tail stays visible next to a sharp peak),
/// with each series' p50 and p99 marked and its figures in a legend below.
struct LatencyChart {
    let title: String
    let series: [LatencySummary]

    private let width = 820.0, left = 64.0, right = 24.0, plotHeight = 300.0
    private static let colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"]

    /// Nil when there is nothing to draw.
    func svg() -> String? {
        let drawn = series.filter { $0.count > 0 }
        guard !drawn.isEmpty else { return nil }
        // The axis spans the buckets that hold samples, a little more each side, and at
        // least a factor of ten around them so a narrow peak keeps its shape.
        let filled = drawn.flatMap { $0.histogram.filter { $0.count > 0 }.map(\.upToMilliseconds) }
        var low = log10(filled.min()! / 1.5), high = log10(filled.max()! * 1.2)
        if high - low < 1 {
            let widening = (1 - (high - low)) / 2
            low -= widening
            high += widening
        }
        let peak = drawn.flatMap { summary in summary.histogram.map { Double($0.count) / Double(summary.count) } }.max()!
        let step = [0.01, 0.02, 0.05, 0.1, 0.2].first { peak / $0 <= 6 } ?? 0.25
        let yTop = (peak / step).rounded(.up) * step
        let plotWidth = width - left - right
        // Room above the plot for the title and a row of p50/p99 labels per series.
        let top = 44.0 + Double(drawn.count) * 13
        let height = top + plotHeight + 56 + Double(drawn.count) * 18
        func x(_ milliseconds: Double) -> Double { left + (log10(milliseconds) - low) / (high - low) * plotWidth }
        func y(_ share: Double) -> Double { top + plotHeight - share / yTop * plotHeight }

        var parts = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Int(width))" height="\#(Int(height))" font-family="sans-serif" font-size="12">"#,
            #"<rect width="100%" height="100%" fill="white"/>"#,
            #"<text x="\#(left)" y="22" font-size="15">\#(escaped(title))</text>"#,
        ]
        // Grid lines at 1-2-5 steps of milliseconds and at round shares of the samples.
        for decade in Int(floor(low))...Int(ceil(high)) {
            for multiple in [1.0, 2.0, 5.0] {
                let value = multiple * pow(10, Double(decade))
                let position = x(value)
                guard position >= left, position <= left + plotWidth else { continue }
                parts.append(#"<line x1="\#(f(position))" y1="\#(top)" x2="\#(f(position))" y2="\#(top + plotHeight)" stroke="gainsboro"/>"#)
                parts.append(#"<text x="\#(f(position))" y="\#(top + plotHeight + 16)" text-anchor="middle">\#(milliseconds(value))</text>"#)
            }
        }
        for tick in 0...Int((yTop / step).rounded()) {
            let share = Double(tick) * step
            parts.append(#"<text x="\#(left - 8)" y="\#(f(y(share) + 4))" text-anchor="end">\#(String(format: "%.0f%%", share * 100))</text>"#)
        }
        parts.append(#"<path d="M\#(left),\#(top) V\#(top + plotHeight) H\#(left + plotWidth)" stroke="black" fill="none"/>"#)
        parts.append(#"<text x="\#(left + plotWidth / 2)" y="\#(top + plotHeight + 36)" text-anchor="middle">latency (ms, log scale)</text>"#)
        parts.append(#"<text transform="translate(16,\#(top + plotHeight / 2)) rotate(-90)" text-anchor="middle">share of samples</text>"#)

        for (index, summary) in drawn.enumerated() {
            let colour = Self.colours[index % Self.colours.count]
            // Buckets left of the axis hold no samples; each bucket spans a quarter doubling.
            let visible = summary.histogram.filter { $0.upToMilliseconds >= pow(10, low) }
            let start = max(visible[0].upToMilliseconds / 1.189_207_115, pow(10, low))
            var path = "M\(f(x(start))),\(f(y(0)))"
            for bucket in visible {
                path += " V\(f(y(Double(bucket.count) / Double(summary.count)))) H\(f(x(bucket.upToMilliseconds)))"
            }
            path += " V\(f(y(0)))"
            parts.append(#"<path d="\#(path)" stroke="\#(colour)" fill="\#(colour)" fill-opacity="0.15" stroke-width="1.5"/>"#)
            for (label, value) in [("p50", summary.p50), ("p99", summary.p99)] {
                let position = f(x(min(max(value, pow(10, low)), pow(10, high))))
                parts.append(#"<line x1="\#(position)" y1="\#(top)" x2="\#(position)" y2="\#(top + plotHeight)" stroke="\#(colour)" stroke-dasharray="4 3"/>"#)
                parts.append(#"<text x="\#(position)" y="\#(f(top - 8 - Double(index) * 13))" fill="\#(colour)" text-anchor="middle">\#(label)</text>"#)
            }
            let legend = "\(summary.name): p50 \(milliseconds(summary.p50)) ms, p90 \(milliseconds(summary.p90)) ms, "
                + "p99 \(milliseconds(summary.p99)) ms, p99.9 \(milliseconds(summary.p999)) ms, "
                + "max \(milliseconds(summary.max)) ms; \(BenchReport.format(Double(summary.count))) samples"
            parts.append(#"<text x="\#(left)" y="\#(f(top + plotHeight + 62 + Double(index) * 18))" fill="\#(colour)">\#(escaped(legend))</text>"#)
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    private func f(_ value: Double) -> String { String(format: "%.1f", value) }

    private func milliseconds(_ value: Double) -> String {
        value >= 10 ? String(format: "%.0f", value) : value >= 1 ? String(format: "%.1f", value) : String(format: "%.2g", value)
    }

    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
