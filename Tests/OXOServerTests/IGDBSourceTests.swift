import AsyncHTTPClient
import Foundation
import Logging
@testable import OXOCore
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOAccounts
@testable import OXOServer
import Testing

/// The IGDB adapter over real HTTP against `IGDBStandIn`, which answers as Twitch's token
/// endpoint and IGDB's `/games` do.
@Suite("IGDB searches are mapped, paced, retried and fail with a clear error")
struct IGDBSourceTests {
    func source(
        _ standIn: IGDBStandIn, clock: ServerClock = .system, adjust: (inout IGDBSource.Settings) -> Void = { _ in }
    ) -> IGDBSource {
        var settings = IGDBSource.Settings(clientID: IGDBStandIn.clientID, clientSecret: IGDBStandIn.clientSecret)
        settings.tokenURL = standIn.tokenURL
        settings.apiURL = standIn.apiURL
        settings.firstBackoff = .milliseconds(50)
        adjust(&settings)
        return IGDBSource(settings: settings, httpClient: .shared, logger: Logger(label: "igdb-test"), clock: clock)
    }

    /// Runs `body` and gives back what it threw, or nil.
    func failure<T>(_ body: () async throws -> T) async -> (any Error)? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error
        }
    }

    @Test func aSearchIsMappedFromIGDBsShapes() async throws {
        try await withIGDBStandIn { standIn in
            let games = try await source(standIn).search("zelda", limit: 20)
            #expect(games == [
                CatalogueEntry(
                    source: "igdb", sourceID: "7346", title: "The Legend of Zelda: Breath of the Wild", released: "2017-03-03",
                    platforms: ["Wii U", "Nintendo Switch"], genres: ["Role-playing (RPG)", "Adventure"],
                    developer: "Nintendo EPD Production Group No. 3, Monolith Soft", summary: "Link wakes after a hundred years.",
                    coverImageID: "co3p2d"
                ),
                CatalogueEntry(
                    source: "igdb", sourceID: "90001", title: "A Game of the Last Hour of 1969", released: "1969-12-31",
                    platforms: [], genres: [], developer: nil, summary: nil, coverImageID: nil
                ),
            ])
            let asked = try #require(standIn.asked.first)
            #expect(asked.clientID == IGDBStandIn.clientID)
            #expect(asked.token == "token-1")
            #expect(asked.query == "search \"zelda\"; fields \(IGDBQuery.gameFields); limit 20;")
        }
    }

    @Test func theUsersTextStaysInsideItsQuotes() async throws {
        #expect(IGDBQuery.search(#"  a "b"; fields *; \ "#, limit: 5)
            == #"search "a \"b\"; fields *; \\"; fields "# + IGDBQuery.gameFields + "; limit 5;")
        #expect(IGDBQuery.search("zelda\nbreath\u{0}", limit: 9_999)?.hasPrefix(#"search "zeldabreath"; "#) == true)
        #expect(IGDBQuery.search("zelda", limit: 9_999)?.hasSuffix("limit 500;") == true)
        #expect(IGDBQuery.search("zelda", limit: 0)?.hasSuffix("limit 1;") == true)
        try await withIGDBStandIn { standIn in
            let games = try await source(standIn).search(" \n\t ", limit: 20)
            #expect(games == [])
            #expect(standIn.asked.isEmpty && standIn.tokensIssued == 0, "nothing to search for asks nothing")
        }
    }

    @Test func oneTokenServesEverySearchUntilItIsDue() async throws {
        try await withIGDBStandIn { standIn in
            let time = ManualClock()
            let igdb = source(standIn, clock: time.clock)
            for _ in 0..<3 { _ = try await igdb.search("zelda", limit: 20) }
            #expect(standIn.tokensIssued == 1)
            // Due a minute before Twitch's expiry.
            time.advance(by: TimeInterval(IGDBStandIn.tokenLifetime) - TwitchTokens.renewalMargin - 1)
            _ = try await igdb.search("zelda", limit: 20)
            #expect(standIn.tokensIssued == 1)
            time.advance(by: 1)
            _ = try await igdb.search("zelda", limit: 20)
            #expect(standIn.tokensIssued == 2)
            #expect(standIn.asked.map(\.token) == ["token-1", "token-1", "token-1", "token-1", "token-2"])
        }
    }

    @Test func aTokenRefusedBeforeItsTimeIsRenewedAndTheSearchSentAgain() async throws {
        try await withIGDBStandIn { standIn in
            let igdb = source(standIn)
            _ = try await igdb.search("zelda", limit: 20)
            standIn.revokeTokens()
            #expect(try await igdb.search("zelda", limit: 20).count == 2)
            #expect(standIn.asked.map(\.token) == ["token-1", "token-1", "token-2"])
            _ = try await igdb.search("mario", limit: 20)
            #expect(standIn.tokensIssued == 2, "the renewed token is kept")
        }
    }

    @Test func aFreshTokenRefusedIsAnErrorAfterOneRenewal() async throws {
        try await withIGDBStandIn { standIn in
            standIn.refuseAllTokens()
            let error = await failure { try await source(standIn).search("zelda", limit: 20) }
            #expect(error as? IGDBError == .tokenRefused)
            #expect(standIn.asked.count == 2 && standIn.tokensIssued == 2)
        }
    }

    @Test func wrongCredentialsAreSaidToBeWrong() async throws {
        try await withIGDBStandIn { standIn in
            let igdb = source(standIn) { $0.clientSecret = "not-the-secret" }
            let error = await failure { try await igdb.search("zelda", limit: 20) }
            #expect(error as? IGDBError == .credentialsRefused(status: 403))
            #expect("\(error!)".contains("OXO_IGDB_CLIENT_SECRET") && !"\(error!)".contains("not-the-secret"))
            #expect(standIn.asked.isEmpty)
        }
    }

    @Test func a429IsTriedAgainAfterAGrowingPause() async throws {
        try await withIGDBStandIn { standIn in
            standIn.queue(.status(429), .status(429))
            let started = ContinuousClock.now
            let games = try await source(standIn).search("zelda", limit: 20)
            #expect(games.count == 2)
            #expect(ContinuousClock.now - started >= .milliseconds(50 + 100))
            #expect(standIn.asked.count == 3)
        }
    }

    @Test func a429ThatLastsIsAnError() async throws {
        try await withIGDBStandIn { standIn in
            standIn.queue(.status(429), .status(429), .status(429), .status(429))
            let error = await failure { try await source(standIn).search("zelda", limit: 20) }
            #expect(error as? IGDBError == .rateLimited(tries: 4))
            #expect(standIn.asked.count == 4)
        }
    }

    @Test func aMalformedAnswerIsAClearError() async throws {
        try await withIGDBStandIn { standIn in
            let bodies = [#"{"message":"not a list"}"#, "<html>maintenance</html>", #"[{"id":"seven","name":"Seven"}]"#, ""]
            for body in bodies { standIn.queue(.body(body)) }
            let igdb = source(standIn)
            for body in bodies {
                let error = await failure { try await igdb.search("zelda", limit: 20) }
                guard case .malformed(let service, let reason) = error as? IGDBError else {
                    Issue.record("\(body): \(String(describing: error))")
                    continue
                }
                #expect(service == "IGDB")
                #expect(!reason.isEmpty && !"\(error!)".contains("maintenance"), "the body is not repeated in logs")
            }
            let error = await failure { try await igdb.search("zelda", limit: 20) }
            #expect(error == nil, "the next good answer is used")
        }
    }

    @Test func aFailureOnIGDBsSideIsNamed() async throws {
        try await withIGDBStandIn { standIn in
            standIn.queue(.status(503), .status(400))
            let igdb = source(standIn)
            #expect(await failure { try await igdb.search("zelda", limit: 20) } as? IGDBError == .serverError(service: "IGDB", status: 503))
            #expect(await failure { try await igdb.search("zelda", limit: 20) } as? IGDBError == .unexpectedStatus(service: "IGDB", status: 400))
        }
    }

    /// Slow before the head, or between the head and the end of the body. (Times are
    /// generous: the suite may share two cores with other suites.)
    @Test(arguments: [IGDBStandIn.Answer.games(delay: .seconds(60)), .stalledBody(delay: .seconds(60))])
    func aSlowAnswerTimesOut(_ slow: IGDBStandIn.Answer) async throws {
        try await withIGDBStandIn { standIn in
            let igdb = source(standIn) { $0.timeout = .seconds(5) }
            _ = try await igdb.search("zelda", limit: 20)
            standIn.queue(slow)
            let started = ContinuousClock.now
            let error = await failure { try await igdb.search("zelda", limit: 20) }
            guard case .timedOut(let service, let seconds) = error as? IGDBError else {
                Issue.record("not a timeout: \(String(describing: error))")
                return
            }
            #expect(service == "IGDB" && seconds == 5)
            #expect(ContinuousClock.now - started < .seconds(30), "not the minute of the answer")
            let games = try await igdb.search("zelda", limit: 20)
            #expect(games.count == 2, "the next answer is read as usual")
        }
    }

    @Test func anAbsentServerIsUnreachable() async throws {
        // Port 1 of this machine, where nobody listens. AsyncHTTPClient tries to connect
        // again until the time is up, then gives the reason.
        var settings = IGDBSource.Settings(clientID: "id", clientSecret: "secret", tokenURL: "http://127.0.0.1:1/oauth2/token")
        settings.timeout = .seconds(2)
        let igdb = IGDBSource(settings: settings, httpClient: .shared, logger: Logger(label: "igdb-test"))
        let error = await failure { try await igdb.search("zelda", limit: 20) }
        guard case .unreachable(let service, let reason) = error as? IGDBError else {
            Issue.record("not unreachable: \(String(describing: error))")
            return
        }
        #expect(service == "Twitch" && !reason.contains("secret"), "\(reason)")
    }

    @Test func atMostFourRequestsStartInAnySecond() async throws {
        try await withIGDBStandIn { standIn in
            let igdb = source(standIn)
            let started = ContinuousClock.now
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<9 { group.addTask { try await igdb.search("zelda", limit: 20).count } }
                for try await count in group { #expect(count == 2) }
            }
            #expect(standIn.tokensIssued == 1, "searches started together share one token")
            // The fifth request may reach IGDB no sooner than a second after the first could
            // start, the ninth two seconds after. (Only lower bounds: a loaded machine makes
            // requests late, never early.)
            let arrivals = standIn.asked.map(\.at).sorted()
            #expect(arrivals.count == 9)
            #expect(arrivals[4] - started >= .seconds(1) && arrivals[8] - started >= .seconds(2))
        }
    }

    @Test func theEnvironmentTurnsIGDBOnAndPointsIt() {
        let logger = Logger(label: "igdb-test")
        let both = ["OXO_IGDB_CLIENT_ID": "id", "OXO_IGDB_CLIENT_SECRET": "secret"]
        #expect(IGDBSource.fromEnvironment([:], httpClient: .shared, logger: logger) == nil)
        #expect(IGDBSource.fromEnvironment(["OXO_IGDB_CLIENT_ID": "id"], httpClient: .shared, logger: logger) == nil)
        #expect(IGDBSource.fromEnvironment(["OXO_IGDB_CLIENT_ID": "id", "OXO_IGDB_CLIENT_SECRET": " "], httpClient: .shared, logger: logger) == nil)
        let standard = IGDBSource.fromEnvironment(both, httpClient: .shared, logger: logger)?.settings
        #expect(standard?.clientID == "id" && standard?.clientSecret == "secret")
        #expect(standard?.tokenURL == "https://id.twitch.tv/oauth2/token" && standard?.apiURL == "https://api.igdb.com/v4")
        #expect(standard?.requestsPerSecond == 4)
        let pointed = IGDBSource.fromEnvironment(
            both.merging(["OXO_IGDB_TOKEN_URL": "http://127.0.0.1:9/token", "OXO_IGDB_API_URL": "http://127.0.0.1:9/v4/"]) { $1 },
            httpClient: .shared, logger: logger
        )?.settings
        #expect(pointed?.tokenURL == "http://127.0.0.1:9/token" && pointed?.apiURL == "http://127.0.0.1:9/v4/")
        #expect(IGDBSource.fromEnvironment(both.merging(["OXO_IGDB_API_URL": "api.igdb.com"]) { $1 }, httpClient: .shared, logger: logger) == nil)
    }
}
