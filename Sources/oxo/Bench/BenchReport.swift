import Foundation

/// What a bench run found: its figures, latencies, errors and checks, printed as a table
/// and written as JSON. A run passes when it had no error and every check held.
struct BenchReport: Codable, Sendable {
    let scenario: String
    /// One line saying what ran, on what.
    let title: String
    let storage: String
    let machine: Machine
    let figures: [Figure]
    let latencies: [LatencySummary]
    let errors: [String: Int]
    let checks: [Check]

    var passed: Bool { errors.isEmpty && checks.allSatisfy(\.passed) }

    init(scenario: BenchScenario, title: String, target: BenchTarget, figures: [Figure],
         latencies: [LatencySummary], errors: ErrorTally, checks: [Check] = []) {
        self.scenario = scenario.rawValue
        self.title = title
        storage = target.storage
        machine = Machine()
        self.figures = figures
        self.latencies = latencies
        self.errors = errors.byKind
        self.checks = checks
    }

    struct Figure: Codable, Sendable {
        /// A stable name for scripts, such as "moves_per_second".
        let key: String
        let label: String
        let value: Double
        let unit: String

        init(_ key: String, _ label: String, _ value: Double, _ unit: String = "") {
            self.key = key
            self.label = label
            self.value = value
            self.unit = unit
        }
    }

    struct Check: Codable, Sendable {
        let name: String
        let passed: Bool
    }

    struct Machine: Codable, Sendable {
        let cores: Int
        let memoryGiB: Double
        let date: Date

        init() {
            cores = ProcessInfo.processInfo.activeProcessorCount
            memoryGiB = (Double(ProcessInfo.processInfo.physicalMemory) / Double(1 << 30) * 10).rounded() / 10
            date = Date()
        }
    }

    func table() -> String {
        var lines = ["", "oxo bench \(title)", "  on \(storage); \(machine.cores) cores, \(machine.memoryGiB) GiB", ""]
        let labelWidth = max(24, (figures.map(\.label.count) + latencies.map { $0.name.count + 5 }).max() ?? 0)
        func row(_ label: String, _ value: String) -> String {
            "  " + label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "  " + value
        }
        for figure in figures {
            lines.append(row(figure.label, Self.format(figure.value) + (figure.unit.isEmpty ? "" : " " + figure.unit)))
        }
        if !latencies.isEmpty {
            lines.append("")
            lines.append(row("latency (ms)", ["p50", "p90", "p99", "p99.9", "max"].map { $0.leftPadded(to: 9) }.joined()
                + "samples".leftPadded(to: 12)))
            for latency in latencies {
                let values = [latency.p50, latency.p90, latency.p99, latency.p999, latency.max]
                    .map { String(format: "%.2f", $0).leftPadded(to: 9) }.joined()
                lines.append(row(latency.name, values + Self.format(Double(latency.count)).leftPadded(to: 12)))
            }
        }
        lines.append("")
        for check in checks {
            lines.append(row(check.passed ? "check passed" : "CHECK FAILED", check.name))
        }
        if errors.isEmpty {
            lines.append(row("errors", "none"))
        } else {
            for (kind, count) in errors.sorted(by: { $0.value > $1.value }) {
                lines.append(row("ERRORS", "\(Self.format(Double(count)))  \(kind)"))
            }
        }
        lines.append(row("result", passed ? "passed" : "FAILED"))
        return lines.joined(separator: "\n") + "\n"
    }

    func writeJSON(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path))
    }

    /// Whole numbers with thousands separators; fractions with up to two decimals.
    static func format(_ value: Double) -> String {
        if value.rounded() == value || abs(value) >= 100 {
            let digits = String(Int(value.rounded()).magnitude)
            var grouped = ""
            for (index, digit) in digits.enumerated() {
                if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
                grouped.append(digit)
            }
            return (value < 0 ? "-" : "") + grouped
        }
        return String(format: abs(value) >= 10 ? "%.1f" : "%.2f", value)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
