import Foundation
import OXOClient
import OXOCore
import OXOProtocol
import Testing

/// With `standbyURL`, the leaderboard, catalogue searches and other players' profiles are
/// read from the standby; one that cannot be reached costs a slower answer, never a wrong
/// one. The standby's lag, measured against a real one, is `FailoverTests`' to see.
@Suite("Reads a moment old may answer go to the standby")
struct StandbyReadsTests {
    @Test(.enabled(if: TestStorage.postgresURL != nil, "a standby stands beside a PostgreSQL primary"))
    func aStandbyThatCannotBeReachedLeavesThePrimaryToAnswer() async throws {
        // Nothing listens on port 1: every connection to this standby is refused.
        try await withServer(adjust: { $0.standbyURL = "postgres://oxo:oxo@127.0.0.1:1/oxo" }) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            try await alice.beat(bob)
            let aliceID = try await alice.id()
            let http = RawHTTP(baseURL: server.baseURL)
            let before = try await Scrape.of(http).sum("oxo_standby_reads_fell_back_total")

            let board = try await bob.leaderboard()
            #expect(board.rows.contains { $0.player.id == aliceID } || board.rows.isEmpty, "answered")
            #expect(try await bob.profile(of: aliceID).record.won == 1, "Bob sees Alice's win on her profile")
            _ = try await bob.searchCatalogue("")

            let after = try await Scrape.of(http)
            #expect(after.sum("oxo_standby_reads_fell_back_total") >= before + 3, "each of the three went to the primary")
            #expect(!after.text.contains("oxo_database_standby_lag_seconds "), "no lag from a standby that never answered")
        }
    }

    @Test(.enabled(if: TestStorage.postgresURL != nil, "a standby stands beside a PostgreSQL primary"))
    func aStandbyAnswersWhatItHasAndTheCallersOwnProfileComesFromThePrimary() async throws {
        // The primary's own database named as the standby: reads reach it, and it says it
        // is no standby, so no lag is reported.
        try await withServer(adjust: { configuration in
            if case .postgres(let url) = configuration.storage { configuration.standbyURL = url }
        }) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            try await alice.beat(bob)
            let aliceID = try await alice.id()
            let http = RawHTTP(baseURL: server.baseURL)
            let before = try await Scrape.of(http).sum("oxo_standby_reads_fell_back_total")
            #expect(try await bob.profile(of: aliceID).record.won == 1)
            #expect(try await alice.profile().record.won == 1)
            _ = try await bob.leaderboard()
            let after = try await Scrape.of(http)
            #expect(after.sum("oxo_standby_reads_fell_back_total") == before, "the standby answered")
            #expect(!after.text.contains("oxo_database_standby_lag_seconds "), "a server not in recovery has no lag to report")
        }
    }
}
