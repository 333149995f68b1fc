import AsyncHTTPClient
import Foundation
import NIOCore
import OXOProtocol

/// The streams of JSON lines (docs/PROTOCOL.md, "Streams"), one connection each: the
/// messages as the server writes them, until it ends the stream. `Bot` follows them
/// across dropped connections.
extension OXOClient {
    /// The account's events: a snapshot of the inbox first (or, with `after`, what came
    /// since that number), then each event of the user's topic.
    public func accountStream(after seq: Int? = nil) throws -> AsyncThrowingStream<ServerMessage, any Error> {
        try lines(Operations.streamAccount.spec, [], query: [("after", seq)])
    }

    /// A game's events and its players' chat: the game first (or what came since `after`),
    /// then each event, until the game ends.
    public func gameStream(_ game: GameID, after seq: Int? = nil, chatAfter: Int? = nil) throws
        -> AsyncThrowingStream<ServerMessage, any Error> {
        try lines(Operations.streamGame.spec, [game], query: [("after", seq), ("chat_after", chatAfter)])
    }

    private func lines(_ spec: OperationSpec, _ values: [any CustomStringConvertible], query: [(String, Int?)]) throws
        -> AsyncThrowingStream<ServerMessage, any Error> {
        let items = query.compactMap { name, value in value.map { URLQueryItem(name: name, value: String($0)) } }
        var endpoint = Endpoint<Void>(spec: spec, values: values, query: items, body: nil) { _ in }
        endpoint.accept = "application/x-ndjson"
        let request = try endpoint.request(on: server, token: token, userAgent: userAgent)
        let (http, reader) = (http === HTTPClient.shared ? Self.streaming : http, endpoint)
        return AsyncThrowingStream { continuation in
            let heard = LastHeard()
            let reading = Task {
                do {
                    // No deadline: the stream lasts as long as the server keeps it.
                    let response = try await http.execute(request, deadline: .distantFuture)
                    guard response.status == .ok else {
                        let body = Data(try await response.body.collect(upTo: 1 << 20).readableBytesView)
                        try reader.read(status: Int(response.status.code), body: body)
                        throw OXOClientError.unexpected(status: Int(response.status.code), body: body, reason: "not a stream")
                    }
                    var lines = LineSplitter()
                    for try await chunk in response.body {
                        heard.now()
                        for line in lines.take(chunk) {
                            continuation.yield(try Wire.decoder.decode(ServerMessage.self, from: line))
                        }
                    }
                    continuation.finish()
                } catch {
                    let silent = heard.wentSilent
                    continuation.finish(throwing: silent ? OXOClientError.connectionClosed : Task.isCancelled ? CancellationError() : error)
                }
            }
            // A connection that died without a word (a cable pulled, a proxy gone) is noticed
            // by the keep-alive lines no longer coming, and ended, for `Bot` to open again.
            let watching = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: Self.streamSilenceLimit / 4)
                    if heard.isSilent(longerThan: Self.streamSilenceLimit) { return reading.cancel() }
                }
            }
            continuation.onTermination = { _ in
                reading.cancel()
                watching.cancel()
            }
        }
    }

    /// How long a stream may bring nothing, not even the empty line the server writes every
    /// 5 seconds, before it counts as a dead connection.
    public static let streamSilenceLimit: Duration = .seconds(20)
}

extension OXOClient {
    /// A stream holds its connection for as long as it lasts. The process-wide client keeps
    /// 8 connections to a host, so a program following 8 games would have none left for its
    /// moves: streams made on it go through this client instead, with room for thousands.
    static let streaming: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 10_000)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
}

/// When a stream last brought anything, and whether it was given up for its silence.
private final class LastHeard: @unchecked Sendable {
    private let lock = NSLock()
    private var at = ContinuousClock.now
    private var silent = false

    func now() { lock.withLock { at = .now } }

    /// Whether nothing came for `limit`; once true, it stays so (`wentSilent`).
    func isSilent(longerThan limit: Duration) -> Bool {
        lock.withLock {
            silent = silent || ContinuousClock.now - at > limit
            return silent
        }
    }

    var wentSilent: Bool { lock.withLock { silent } }
}

/// Cuts a stream's bytes into its lines, dropping the empty ones that keep it open.
struct LineSplitter {
    private var unfinished = Data()

    mutating func take(_ chunk: ByteBuffer) -> [Data] {
        unfinished.append(contentsOf: chunk.readableBytesView)
        var lines: [Data] = []
        while let end = unfinished.firstIndex(of: UInt8(ascii: "\n")) {
            let line = unfinished[unfinished.startIndex..<end]
            if !line.isEmpty { lines.append(Data(line)) }
            unfinished.removeSubrange(unfinished.startIndex...end)
        }
        return lines
    }
}
