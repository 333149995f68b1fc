import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import OXOCore

/// IGDB's access token: an app access token from Twitch's client-credentials grant
/// (`POST <token URL>?client_id=…&client_secret=…&grant_type=client_credentials`, answered
/// with `access_token`, `expires_in` in seconds and `token_type`). It is kept and used by
/// every search until shortly before it expires, and renewed at once when IGDB refuses it.
/// Requests that find it missing at the same moment share one renewal.
actor TwitchTokens {
    private struct Token {
        let value: String
        let renewAt: Date
    }

    private struct Grant: Decodable {
        let accessToken: String
        let expiresIn: Int

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case expiresIn = "expires_in"
        }
    }

    /// A token is renewed this long before Twitch says it expires, so a search never leaves
    /// with one about to lapse; one that lives less than twice this is renewed halfway.
    static let renewalMargin: TimeInterval = 60

    private let url: String
    private let clientID: String
    private let clientSecret: String
    private let http: IGDBHTTP
    private let clock: ServerClock
    private let logger: Logger
    private var current: Token?
    private var renewal: Task<Token, any Error>?

    init(url: String, clientID: String, clientSecret: String, http: IGDBHTTP, clock: ServerClock, logger: Logger) {
        self.url = url
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.http = http
        self.clock = clock
        self.logger = logger
    }

    /// The token to send now, asking Twitch for one when none is kept or it is due.
    func token() async throws -> String {
        if let current, clock.now < current.renewAt { return current.value }
        return try await renewed().value
    }

    /// A token other than `refused`, which IGDB has just answered 401 to: Twitch can
    /// revoke a token before its time. A request that was refused the same token a moment
    /// after another gets the other's renewal rather than a second one.
    func token(replacing refused: String) async throws -> String {
        if let current, current.value != refused, clock.now < current.renewAt { return current.value }
        current = nil
        return try await renewed().value
    }

    private func renewed() async throws -> Token {
        if let renewal { return try await renewal.value }
        let task = Task { try await fetch() }
        renewal = task
        defer { renewal = nil }
        let token = try await task.value
        current = token
        return token
    }

    private func fetch() async throws -> Token {
        guard var components = URLComponents(string: url) else {
            throw IGDBError.unreachable(service: "Twitch", reason: "the token URL \(url) is not a URL")
        }
        components.percentEncodedQueryItems = (components.percentEncodedQueryItems ?? []) + [
            URLQueryItem(name: "client_id", value: Self.queryEncoded(clientID)),
            URLQueryItem(name: "client_secret", value: Self.queryEncoded(clientSecret)),
            URLQueryItem(name: "grant_type", value: "client_credentials"),
        ]
        var request = HTTPClientRequest(url: components.string ?? url)
        request.method = .POST
        request.headers.add(name: "Accept", value: "application/json")
        let answer = try await http.send(request, to: "Twitch")
        switch answer.status {
        case 200:
            break
        case 400, 401, 403:
            throw IGDBError.credentialsRefused(status: answer.status)
        case 500...599:
            throw IGDBError.serverError(service: "Twitch", status: answer.status)
        default:
            throw IGDBError.unexpectedStatus(service: "Twitch", status: answer.status)
        }
        let grant: Grant
        do {
            grant = try JSONDecoder().decode(Grant.self, from: Data(answer.body.readableBytesView))
        } catch {
            throw IGDBError.malformed(service: "Twitch", reason: "no access_token and expires_in in the token answer")
        }
        guard !grant.accessToken.isEmpty, grant.expiresIn > 0 else {
            throw IGDBError.malformed(service: "Twitch", reason: "an empty token or a lifetime of \(grant.expiresIn) seconds")
        }
        let lifetime = TimeInterval(grant.expiresIn)
        logger.info("IGDB access token renewed", metadata: ["expires_in": "\(grant.expiresIn)"])
        return Token(value: grant.accessToken, renewAt: clock.now + lifetime - min(Self.renewalMargin, lifetime / 2))
    }

    /// Form-encodes a query value: `+`, `&` and `=` would otherwise change its meaning.
    private static func queryEncoded(_ value: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "+&=")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
