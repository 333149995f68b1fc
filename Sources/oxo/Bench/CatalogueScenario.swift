import Foundation
import NIOCore
import OXOCore
import OXOServer

/// `oxo bench catalogue`: imports `titles` generated games into the server's database,
/// as `oxo admin catalogue import` does (rows a second), then `concurrency` clients
/// search them for `duration` seconds with what players type: words in any order, a
/// prefix, now and then a letter left out (search latency). With --url the games
/// already there are searched, since the bench cannot reach that server's database.
struct CatalogueScenario {
    let titles: Int
    let concurrency: Int
    let duration: Double
    /// Where to import; nil imports nothing.
    let storage: ServerConfiguration.Storage?

    func run(on target: BenchTarget, progress: ProgressLine) async throws -> BenchReport {
        let errors = ErrorTally()
        var figures: [BenchReport.Figure] = []
        if let storage { figures += try await importTitles(into: storage, progress: progress) }

        let searcher = try await target.register(1, progress: progress)[0]
        progress.note("searching for \(BenchReport.format(duration)) s, \(concurrency) at a time")
        let searches = LatencyRecorder("search")
        let found = Counter()
        let window = MeasuredWindow(target: target)
        let deadline = ContinuousClock.now + .seconds(duration)
        progress.start { _ in "\(searches.count) searches" }
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    var attempt = worker
                    while ContinuousClock.now < deadline {
                        let start = NIODeadline.now()
                        do {
                            let page = try await searcher.client.searchCatalogue(GeneratedTitles.search(attempt % max(1, titles)))
                            searches.record(since: start)
                            if !page.games.isEmpty { found.add(1) }
                        } catch {
                            errors.record("searching: \(GamesScenario.describe(error))")
                        }
                        attempt += concurrency
                    }
                }
            }
        }
        progress.stop()
        let seconds = window.elapsedSeconds
        figures += [
            .init("searches_per_second", "searches per second", Double(searches.count) / seconds),
            .init("searches_finding_a_game_percent", "searches that found a game", Double(found.value) / Double(max(1, searches.count)) * 100, "%"),
        ]
        return BenchReport(
            scenario: .catalogue, title: "catalogue: \(titles) generated games, searched \(concurrency) at a time",
            target: target, figures: figures + window.cpuFigures(), latencies: [searches.summary()], errors: errors)
    }

    private func importTitles(into storage: ServerConfiguration.Storage, progress: ProgressLine) async throws -> [BenchReport.Figure] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-bench-catalogue-\(UUID().uuidString.prefix(8)).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let lines = (0..<titles).map { index -> String in
            let title = GeneratedTitles.title(index)
            let platform = ["PC", "Nintendo Switch", "PlayStation 5", "Xbox Series X|S"][index % 4]
            return #"{"slug":"bench-\#(index)","title":"\#(title)","released":"20\#(10 + index % 15)-0\#(1 + index % 9)-1\#(index % 10)","platforms":["\#(platform)"],"genres":["Action"],"developer":"Bench Studio \#(index % 97)","description":"A generated game for the bench."}"#
        }
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.publicDirectory = nil
        configuration.storage = storage
        let done = Counter()
        progress.start { _ in "importing: \(done.value) of \(titles) games" }
        let report = try await CatalogueAdmin.importFile(at: file.path, configuration: configuration) { finished, _ in
            done.set(finished)
        }
        progress.stop()
        let rows = report.added + report.updated + report.unchanged
        return [
            .init("imported_rows", "games imported", Double(rows)),
            .init("import_rows_per_second", "imported rows per second", Double(rows) / report.seconds),
        ]
    }
}
