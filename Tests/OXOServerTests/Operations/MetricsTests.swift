import AsyncHTTPClient
import Foundation
import OXOClient
import OXOProtocol
@testable import OXOCore
@testable import OXOServer
import Testing

/// `/metrics` as Prometheus scrapes it. The process has one registry, shared by every
/// server a test run starts, so the tests read how much a figure grew, never its value.
@Suite("Metrics")
struct MetricsTests {
    static let adminToken = String(repeating: "m", count: ServerConfiguration.minimumAdminTokenLength)

    @Test func aScrapeSeesTheMoveCounterAndTheHistogramsGrowAsAGameIsPlayed() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let http = RawHTTP(baseURL: server.baseURL)
            let before = try await Scrape.of(http)
            #expect(before.contentType?.hasPrefix("text/plain") == true)
            try await alice.beat(bob)
            let after = try await Scrape.of(http)

            #expect(after.sum("oxo_moves_committed_total") - before.sum("oxo_moves_committed_total") >= 5)
            let moves = #"http_request_duration_seconds_count{method="POST",path="/v1/games/:gameID/moves",status="200"}"#
            #expect(after.sum(moves) - before.sum(moves) >= 5, "requests by route template, not by path")
            #expect(after.sum("oxo_commit_duration_seconds_count") > before.sum("oxo_commit_duration_seconds_count"))
            #expect(after.sum("oxo_commit_group_size_count") > before.sum("oxo_commit_group_size_count"))
            #expect(after.sum("oxo_events_published_total") > before.sum("oxo_events_published_total"))

            _ = try await OXOClient.login("alice", password: "password-alice", at: URL(string: server.baseURL)!)
            let signedIn = try await Scrape.of(http)
            let succeeded = #"oxo_sign_ins_total{result="succeeded"}"#
            #expect(signedIn.sum(succeeded) > after.sum(succeeded))
        }
    }

    /// PostgreSQL only: the pool's use is asked of PostgreSQL at each scrape, and events come
    /// back through LISTEN/NOTIFY, each timed from its storing.
    @Test(.enabled(if: TestStorage.postgresURL != nil, "the pool and the relay are PostgreSQL's"))
    func onPostgreSQLAScrapeSeesThePoolAndTheFanOutDelay() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let http = RawHTTP(baseURL: server.baseURL)
            let before = try await Scrape.of(http)
            #expect(before.sum(#"oxo_database_connections{state="open"}"#) >= 1)
            #expect(before.sum("oxo_database_connections_limit") >= 1)
            try await alice.beat(bob)
            // The relay hands the game's events over a moment after their commit.
            var after = try await Scrape.of(http)
            for _ in 0..<100 where after.sum("oxo_event_fanout_delay_seconds_count") <= before.sum("oxo_event_fanout_delay_seconds_count") {
                try await Task.sleep(for: .milliseconds(50))
                after = try await Scrape.of(http)
            }
            #expect(after.sum("oxo_event_fanout_delay_seconds_count") > before.sum("oxo_event_fanout_delay_seconds_count"))
        }
    }

    @Test func onlyThisMachineOrTheAdminTokenMayRead() async throws {
        try await withServer(adjust: { $0.adminToken = Self.adminToken; $0.adminGuessLimit = 2 }) { server in
            let api = try await DocumentedClient.of(server)
            #expect(try await api.send(.GET, "/metrics").status == 200, "straight from the loopback address")
            let proxied = [("X-Forwarded-For", "203.0.113.9")]
            expectRefused(try await api.send(.GET, "/metrics", headers: proxied), 401, .unauthorized, "through a proxy")
            #expect(try await api.send(.GET, "/metrics", token: Self.adminToken, headers: proxied).status == 200)
            expectRefused(try await api.send(.GET, "/metrics", token: "guess", headers: proxied), 401, .unauthorized)
            _ = try await api.send(.GET, "/metrics", token: "guess", headers: proxied)
            expectRefused(try await api.send(.GET, "/metrics", token: Self.adminToken, headers: proxied), 429, .rateLimited)
            #expect(try await Scrape.of(RawHTTP(baseURL: server.baseURL)).sum(#"oxo_rate_limited_total{kind="admin_guesses"}"#) >= 1)
        }
    }

    @Test func offIsOffAndAPortOfItsOwnMovesIt() async throws {
        try await withServer(adjust: { $0.metrics = false }) { server in
            let answer = try await RawHTTP(baseURL: server.baseURL).send(.GET, "/metrics")
            #expect(answer.status == 404)
        }
        try await withServer(adjust: { $0.metricsPort = 0 }) { server in
            #expect(try await RawHTTP(baseURL: server.baseURL).send(.GET, "/metrics").status == 404)
            let port = try #require(server.app.metricsPort)
            let scrape = try await Scrape.of(RawHTTP(baseURL: "http://127.0.0.1:\(port)"))
            #expect(scrape.text.contains("# TYPE"))
        }
    }
}

/// One answer of `/metrics`, read as Prometheus' text format.
struct Scrape {
    let text: String
    let contentType: String?

    static func of(_ http: RawHTTP) async throws -> Scrape {
        let answer = try await http.send(.GET, "/metrics")
        #expect(answer.status == 200)
        return Scrape(text: String(decoding: answer.body, as: UTF8.self), contentType: answer.headers.first(name: "Content-Type"))
    }

    /// The sum of the samples whose name (and labels, when given in full) begin the line.
    func sum(_ series: String) -> Double {
        text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line -> Double? in
            guard line.hasPrefix(series), let value = line.split(separator: " ").last else { return nil }
            let rest = line.dropFirst(series.count)
            guard rest.hasPrefix(" ") || rest.hasPrefix("{") else { return nil }
            return Double(value)
        }.reduce(0, +)
    }
}
