import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import OXOClient
import OXOProtocol

/// The server under load and the means to reach it: one NIO event loop group for the
/// load generator's HTTP and WebSocket traffic alike, and /proc for the server's memory
/// and CPU time when its process id is known.
final class BenchTarget: Sendable {
    let baseURL: URL
    let serverPid: Int32?
    /// Where the server stores its data, for the report.
    let storage: String
    let http: HTTPClient
    let dialer: SocketDialer

    /// `connections` is the most sockets a scenario holds at once: the HTTP pool may open
    /// that many (a join storm sends all its requests at once), and sockets are spread over
    /// enough local addresses for that many ports.
    init(baseURL: URL, serverPid: Int32?, storage: String, connections: Int, sourceAddresses: Int?) {
        self.baseURL = baseURL
        self.serverPid = serverPid
        self.storage = storage
        let group = MultiThreadedEventLoopGroup.singleton
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(120),
                                             concurrentHTTP1ConnectionsPerHostSoftLimit: max(64, connections))
        http = HTTPClient(eventLoopGroup: group, configuration: configuration)
        let host = baseURL.host ?? "127.0.0.1"
        // Three quarters of the ephemeral range per address leaves room for sockets still in
        // TIME_WAIT from an earlier run.
        let addresses = sourceAddresses ?? (connections / (ResourceUsage.ephemeralPortCount() * 3 / 4) + 1)
        dialer = SocketDialer(group: group, host: host, port: baseURL.port ?? 80,
                              sourceAddresses: SocketDialer.loopbackSources(count: addresses, towards: host))
    }

    /// The server's resident memory in bytes, when its process can be read.
    func serverMemory() -> Int? { serverPid.flatMap(ResourceUsage.residentMemory(of:)) }

    /// Of it, the server's own memory, without the files it maps (`ResourceUsage.privateMemory`).
    func serverPrivateMemory() -> Int? { serverPid.flatMap(ResourceUsage.privateMemory(of:)) }

    func serverCPUSeconds() -> Double? { serverPid.flatMap(ResourceUsage.cpuSeconds(of:)) }

    /// A client of the server that shares the bench's connection pool.
    func client() -> OXOClient {
        OXOClient(baseURL: baseURL, httpClient: http)
    }

    /// Registers `count` new accounts, `concurrency` at a time, showing progress; names are
    /// unique to this run, so a long-lived server can be benched again and again.
    func register(_ count: Int, concurrency: Int = 32, progress: ProgressLine) async throws -> [BenchUser] {
        let run = BenchUser.runPrefix()
        let done = Counter()
        progress.start { _ in "signing up \(done.value) of \(count) accounts" }
        defer { progress.stop() }
        return try await inParallel(count, concurrency: concurrency) { index in
            let client = self.client()
            let grant = try await client.register(
                username: "\(run)\(index)", email: "\(run)\(index)@bench.example", password: BenchUser.password)
            done.add(1)
            return BenchUser(client: client, id: grant.user.id, token: grant.token)
        }
    }

    func shutdown() async {
        try? await http.shutdown()
    }
}

/// An account the bench signed up, with its SDK client and token.
struct BenchUser: Sendable {
    let client: OXOClient
    let id: UserID
    let token: String

    static let password = "bench-password-1"

    /// "b" and five random letters, distinct for each run.
    static func runPrefix() -> String {
        "b" + String((0..<5).map { _ in "abcdefghijklmnopqrstuvwxyz".randomElement()! }) + "_"
    }
}

/// Runs `work` for 0..<count with at most `concurrency` at once; the results keep their
/// order. The first error stops the rest.
func inParallel<T: Sendable>(_ count: Int, concurrency: Int,
                             _ work: @escaping @Sendable (Int) async throws -> T) async throws -> [T] {
    try await withThrowingTaskGroup(of: (Int, T).self) { group in
        var results = [T?](repeating: nil, count: count)
        var next = 0
        func startNext() {
            let index = next
            next += 1
            group.addTask { (index, try await work(index)) }
        }
        while next < min(concurrency, count) { startNext() }
        while let (index, result) = try await group.next() {
            results[index] = result
            if next < count { startNext() }
        }
        return results.map { $0! }
    }
}
