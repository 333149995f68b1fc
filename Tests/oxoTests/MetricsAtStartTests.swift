import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `/metrics` of a server that has just started, as Prometheus first scrapes it: every
/// known series already there at zero, and every family described.
@Suite("Metrics from the first scrape")
struct MetricsAtStartTests {
    static func scrape(_ server: ServeProcess) async throws -> String {
        let (data, _) = try await URLSession.shared.data(from: URL(string: server.url + "/metrics")!)
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aFreshServerShowsItsCountersAtZeroEachWithItsHelpAndCountsRefusalsByCode() async throws {
        let server = try await ServeProcess()
        defer { server.stop() }
        let fresh = try await Self.scrape(server)
        for series in ["oxo_moves_committed_total 0", #"oxo_sign_ins_total{result="wrong_password"} 0"#,
                       #"oxo_pushes_failed_total{reason="gone"} 0"#, "oxo_sockets_open 0.0"] {
            #expect(fresh.contains("\n\(series)\n"), "\(series) in:\n\(fresh)")
        }
        let lines = fresh.split(separator: "\n")
        for (index, line) in lines.enumerated() where line.hasPrefix("# TYPE ") {
            let name = line.split(separator: " ")[2]
            #expect(index > 0 && lines[index - 1].hasPrefix("# HELP \(name) "), "\(line) has no HELP line")
        }

        var request = URLRequest(url: URL(string: server.url + "/v1/me")!)
        request.setValue("Bearer not-a-token", forHTTPHeaderField: "Authorization")
        _ = try await URLSession.shared.data(for: request)
        #expect(try await Self.scrape(server).contains(#"oxo_requests_refused_total{code="unauthorized"} 1"#))
    }
}
