import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import OXOCore

/// IGDB's games, searched through its API v4 (`POST <api URL>/games` with an Apicalypse
/// body, `Client-ID` and `Authorization: Bearer <token>`). All searches through one source
/// share its token and its pace: at most 4 requests a second, as IGDB asks. A 429 is tried
/// again after a growing pause; a 401 renews the token and tries once more; everything
/// else that goes wrong is an `IGDBError`.
package struct IGDBSource: CatalogueSource {
    struct Settings: Sendable {
        var clientID: String
        var clientSecret: String
        /// Twitch's OAuth token endpoint.
        var tokenURL = "https://id.twitch.tv/oauth2/token"
        /// IGDB's API, without the endpoint: `/games` is added to it.
        var apiURL = "https://api.igdb.com/v4"
        /// The longest one exchange (a token or a search) may take, head and body.
        var timeout: Duration = .seconds(10)
        var requestsPerSecond = 4
        /// How many times a search is sent in all while IGDB answers 429.
        var triesWhenRateLimited = 4
        /// The pause after the first 429; it doubles after each one that follows.
        var firstBackoff: Duration = .milliseconds(250)
    }

    let settings: Settings
    private let http: IGDBHTTP
    private let tokens: TwitchTokens
    private let pacer: RequestPacer
    private let logger: Logger

    init(settings: Settings, httpClient: HTTPClient, logger: Logger, clock: ServerClock = .system) {
        self.settings = settings
        self.logger = logger
        http = IGDBHTTP(client: httpClient, timeout: settings.timeout)
        tokens = TwitchTokens(
            url: settings.tokenURL, clientID: settings.clientID, clientSecret: settings.clientSecret, http: http, clock: clock,
            logger: logger
        )
        pacer = RequestPacer(limit: settings.requestsPerSecond, window: .seconds(1))
    }

    /// A source when `OXO_IGDB_CLIENT_ID` and `OXO_IGDB_CLIENT_SECRET` are both set, else nil.
    /// `OXO_IGDB_TOKEN_URL` and `OXO_IGDB_API_URL` point it elsewhere: at a proxy, or at a
    /// stand-in in tests.
    package static func fromEnvironment(_ environment: [String: String], httpClient: HTTPClient, logger: Logger) -> IGDBSource? {
        func value(_ name: String) -> String? {
            environment[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let clientID = value("OXO_IGDB_CLIENT_ID"), let clientSecret = value("OXO_IGDB_CLIENT_SECRET") else { return nil }
        var settings = Settings(clientID: clientID, clientSecret: clientSecret)
        if let tokenURL = value("OXO_IGDB_TOKEN_URL") { settings.tokenURL = tokenURL }
        if let apiURL = value("OXO_IGDB_API_URL") { settings.apiURL = apiURL }
        for (name, url) in [("OXO_IGDB_TOKEN_URL", settings.tokenURL), ("OXO_IGDB_API_URL", settings.apiURL)] {
            guard let scheme = URL(string: url)?.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
                logger.error("IGDB is off: \(name) is not an http or https URL")
                return nil
            }
        }
        return IGDBSource(settings: settings, httpClient: httpClient, logger: logger)
    }

    package func search(_ text: String, limit: Int) async throws -> [CatalogueEntry] {
        guard let query = IGDBQuery.search(text, limit: limit) else { return [] }
        return try IGDBGame.entries(from: try await games(query))
    }

    /// The body of IGDB's answer to `query`, once it is a 200.
    private func games(_ query: String) async throws -> ByteBuffer {
        var token = try await tokens.token()
        var renewedAfterRefusal = false
        var tries = 0
        while true {
            try await pacer.waitForTurn()
            tries += 1
            let answer = try await http.send(gamesRequest(query, token: token), to: "IGDB")
            switch answer.status {
            case 200:
                return answer.body
            case 401 where !renewedAfterRefusal:
                renewedAfterRefusal = true
                token = try await tokens.token(replacing: token)
            case 401:
                throw IGDBError.tokenRefused
            case 429 where tries < settings.triesWhenRateLimited:
                let pause = settings.firstBackoff * (1 << (tries - 1))
                logger.debug("IGDB answered 429; trying again", metadata: ["pause": "\(pause)"])
                try await Task.sleep(for: pause)
            case 429:
                throw IGDBError.rateLimited(tries: tries)
            case 500...599:
                throw IGDBError.serverError(service: "IGDB", status: answer.status)
            default:
                throw IGDBError.unexpectedStatus(service: "IGDB", status: answer.status)
            }
        }
    }

    private func gamesRequest(_ query: String, token: String) -> HTTPClientRequest {
        var base = settings.apiURL
        while base.hasSuffix("/") { base.removeLast() }
        var request = HTTPClientRequest(url: base + "/games")
        request.method = .POST
        request.headers.add(name: "Client-ID", value: settings.clientID)
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Accept", value: "application/json")
        request.body = .bytes(ByteBuffer(string: query))
        return request
    }
}
