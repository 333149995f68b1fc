import Foundation
import NIOConcurrencyHelpers
import Vapor

/// Twitch's token endpoint and IGDB's `/games` on a free port of 127.0.0.1, answering as
/// their documentation describes: a token for the right client id and secret, games as a
/// JSON array for a request with the client id and a token it issued, 401 for any other
/// token. A test queues the next answers of `/games` (a 429, a malformed body, a slow
/// answer) and reads what was asked.
final class IGDBStandIn: Sendable {
    static let clientID = "stand-in-client"
    static let clientSecret = "stand-in-secret+&="
    /// The lifetime of the tokens it issues, in seconds.
    static let tokenLifetime = 3600

    enum Answer: Sendable {
        /// The games in `gamesJSON`, after `delay`.
        case games(delay: Duration)
        case status(Int)
        /// A 200 with this body.
        case body(String)
        /// A 200 whose head and first bytes come at once and the rest of the games after `delay`.
        case stalledBody(delay: Duration)
    }

    /// One request to `/games`.
    struct Asked: Sendable {
        let at: ContinuousClock.Instant
        let token: String?
        let clientID: String?
        let query: String
    }

    private struct State {
        var tokensIssued = 0
        var validTokens: Set<String> = []
        var acceptsTokens = true
        var queued: [Answer] = []
        var asked: [Asked] = []
    }

    /// What `/games` answers when nothing is queued: two games in IGDB's shape, one with
    /// every field asked for and one with most of them missing, as IGDB leaves out what it
    /// has no value for. (Ids and image ids are made up.)
    static let gamesJSON = """
        [
          {"id": 7346, "name": "The Legend of Zelda: Breath of the Wild", "first_release_date": 1488499200,
           "cover": {"id": 172453, "image_id": "co3p2d"},
           "summary": "Link wakes after a hundred years.",
           "platforms": [{"id": 41, "name": "Wii U"}, {"id": 130, "name": "Nintendo Switch"}],
           "genres": [{"id": 12, "name": "Role-playing (RPG)"}, {"id": 31, "name": "Adventure"}],
           "involved_companies": [
             {"id": 1, "company": {"id": 70, "name": "Nintendo"}, "developer": false},
             {"id": 2, "company": {"id": 421, "name": "Nintendo EPD Production Group No. 3"}, "developer": true},
             {"id": 3, "company": {"id": 900, "name": "Monolith Soft"}, "developer": true}
           ]},
          {"id": 90001, "name": "A Game of the Last Hour of 1969", "first_release_date": -3600},
          {"id": 90002, "summary": "A game with no name, which no page could show."}
        ]
        """

    private let app: Application
    private let state: NIOLockedValueBox<State>
    let baseURL: String
    var tokenURL: String { baseURL + "/oauth2/token" }
    var apiURL: String { baseURL + "/v4" }

    private init(app: Application, state: NIOLockedValueBox<State>, baseURL: String) {
        self.app = app
        self.state = state
        self.baseURL = baseURL
    }

    static func start() async throws -> IGDBStandIn {
        let app = try await Application.make(.testing)
        let state = NIOLockedValueBox(State())
        app.post("oauth2", "token") { request -> Response in
            guard request.query[String.self, at: "client_id"] == clientID,
                request.query[String.self, at: "client_secret"] == clientSecret,
                request.query[String.self, at: "grant_type"] == "client_credentials"
            else { return Response(status: .forbidden, body: .init(string: #"{"status":403,"message":"invalid client secret"}"#)) }
            let token = state.withLockedValue { state in
                state.tokensIssued += 1
                let token = "token-\(state.tokensIssued)"
                if state.acceptsTokens { state.validTokens.insert(token) }
                return token
            }
            return json(#"{"access_token":"\#(token)","expires_in":\#(tokenLifetime),"token_type":"bearer"}"#)
        }
        app.post("v4", "games") { request async throws -> Response in
            let token = request.headers.first(name: "Authorization").flatMap { header in
                header.hasPrefix("Bearer ") ? String(header.dropFirst("Bearer ".count)) : nil
            }
            let clientID = request.headers.first(name: "Client-ID")
            let answer = state.withLockedValue { state -> Answer in
                state.asked.append(Asked(at: .now, token: token, clientID: clientID, query: request.body.string ?? ""))
                guard clientID == Self.clientID, let token, state.validTokens.contains(token) else { return .status(401) }
                return state.queued.isEmpty ? .games(delay: .zero) : state.queued.removeFirst()
            }
            switch answer {
            case .games(let delay):
                try await Task.sleep(for: delay)
                return json(gamesJSON)
            case .status(let status):
                return Response(status: HTTPResponseStatus(statusCode: status))
            case .body(let body):
                return json(body)
            case .stalledBody(let delay):
                let response = json("")
                response.body = .init(asyncStream: { writer in
                    // Vapor requires a stream to end with .end or .error, even once the
                    // client has gone.
                    do {
                        try await writer.write(.buffer(ByteBuffer(string: String(gamesJSON.prefix(20)))))
                        try await Task.sleep(for: delay)
                        try await writer.write(.buffer(ByteBuffer(string: String(gamesJSON.dropFirst(20)))))
                        try await writer.write(.end)
                    } catch {
                        try? await writer.write(.error(error))
                    }
                })
                return response
            }
        }
        let address = try await app.startStandIn()
        return IGDBStandIn(app: app, state: state, baseURL: address)
    }

    private static func json(_ body: String) -> Response {
        Response(status: .ok, headers: ["Content-Type": "application/json"], body: .init(string: body))
    }

    func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }

    /// The next answers of `/games` to requests with a good token, in order.
    func queue(_ answers: Answer...) {
        state.withLockedValue { $0.queued += answers }
    }

    /// Refuses every token issued so far, as Twitch does with a revoked one.
    func revokeTokens() {
        state.withLockedValue { $0.validTokens = [] }
    }

    /// Issues tokens that `/games` then refuses.
    func refuseAllTokens() {
        state.withLockedValue { $0.acceptsTokens = false }
    }

    var tokensIssued: Int { state.withLockedValue { $0.tokensIssued } }
    var asked: [Asked] { state.withLockedValue { $0.asked } }
}

/// Runs `body` against a fresh stand-in and always stops it afterwards.
func withIGDBStandIn<T>(_ body: (IGDBStandIn) async throws -> T) async throws -> T {
    let standIn = try await IGDBStandIn.start()
    do {
        let result = try await body(standIn)
        try await standIn.stop()
        return result
    } catch {
        try? await standIn.stop()
        throw error
    }
}
