import AsyncHTTPClient
import Foundation
import NIOCore
import OXOProtocol

/// The OXO SDK: one signed-in (or not yet signed-in) user talking to one server.
///
/// ```swift
/// let alice = try await OXOClient.register(username: "alice", email: "alice@example.com",
///                                          password: "correct horse", at: server)
/// let game = try await alice.createGame(side: .x)
/// ```
///
/// Clients share AsyncHTTPClient's process-wide connection pool unless given one of their
/// own, so there is nothing to shut down. Server refusals are thrown as the server's
/// `APIError`; everything else that goes wrong as `OXOClientError`.
public actor OXOClient {
    public nonisolated let baseURL: URL
    /// The bearer token of the current session: kept from `register` or `login`, dropped by `logout`.
    public private(set) var token: String?
    /// The signed-in user as of the last sign-in, `me()` or `updateMe`.
    public private(set) var user: UserView?

    let server: ServerAddress
    let http: HTTPClient
    private let timeout: TimeAmount
    let userAgent: String

    /// What the SDK calls itself to the server, which lists its sessions as "OXO SDK".
    public static let sdkUserAgent = "OXOClient/1"
    /// What the `oxo` terminal client calls itself: its sessions are listed as "oxo terminal".
    public static let terminalUserAgent = "oxo/1"

    /// A client of the server at `baseURL` (such as `http://127.0.0.1:8080`), signed in
    /// already when given a `token` saved from an earlier session. `httpClient` is the
    /// caller's to shut down, when one is given. `userAgent` names the client to the
    /// server, which shows it in the list of sessions.
    public init(baseURL: URL, token: String? = nil, timeout: Duration = .seconds(30), httpClient: HTTPClient = .shared,
                userAgent: String = OXOClient.sdkUserAgent) {
        self.baseURL = baseURL
        self.userAgent = userAgent
        http = httpClient
        self.token = token
        self.timeout = TimeAmount(timeout)
        server = ServerAddress(baseURL: baseURL)
    }

    /// Answers after which a request is sent again as it was: `503 database_unavailable` (the
    /// server's PostgreSQL primary failing over; whether it was stored is not known, and a
    /// move keeps its number so it is applied once) and `503 storage_unavailable` (nothing was
    /// stored; during a failover, the server's waits for a database connection ran out).
    static let sendAgain: Set<ErrorCode> = [.databaseUnavailable, .storageUnavailable]

    /// How long to wait before sending a request (or a socket's move) again after its
    /// `retries`-th answer in `sendAgain`: 0.25 s, doubling to 2 s; nil past 24 of them, about
    /// 40 s in all, when the error is the caller's.
    static func sendAgainWait(after retries: Int, error: APIError) -> Duration? {
        guard sendAgain.contains(error.code), retries >= 1, retries <= 24 else { return nil }
        return .milliseconds(min(250 << min(retries - 1, 3), 2_000))
    }

    /// Sends the request, and sends it again while the server answers one of `sendAgain`
    /// (`sendAgainWait`). Every try of a POST carries one `Idempotency-Key`, so a server that
    /// stored the first try of a game or a message answers the next with it.
    func perform<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        let key = endpoint.method == .POST ? UUID().uuidString : nil
        var retries = 0
        while true {
            do {
                return try await performOnce(endpoint, key: key)
            } catch let error as APIError {
                retries += 1
                guard let wait = Self.sendAgainWait(after: retries, error: error) else { throw error }
                try await Task.sleep(for: wait)
            }
        }
    }

    private func performOnce<Response>(_ endpoint: Endpoint<Response>, key: String?) async throws -> Response {
        var request = try endpoint.request(on: server, token: token, userAgent: userAgent)
        if let key { request.headers.add(name: "Idempotency-Key", value: key) }
        let status: Int
        let body: Data
        do {
            let response = try await http.execute(request, timeout: timeout)
            status = Int(response.status.code)
            body = Data(try await response.body.collect(upTo: Self.maximumResponseSize).readableBytesView)
        } catch {
            // AsyncHTTPClient reports cancellation as its own error; callers expect Swift's.
            if Task.isCancelled { throw CancellationError() }
            throw OXOClientError.transport(error)
        }
        return try endpoint.read(status: status, body: body)
    }

    /// Remembers who is signed in after `register`, `login`, `me` and `updateMe`.
    func signedIn(_ grant: SessionGrant) -> SessionGrant {
        token = grant.token
        user = grant.user
        return grant
    }

    func refreshed(_ user: UserView) -> UserView {
        self.user = user
        return user
    }

    func signedOut() {
        token = nil
        user = nil
    }

    /// More than any page of games the server sends; a guard against a runaway body.
    private static let maximumResponseSize = 16 << 20
}
