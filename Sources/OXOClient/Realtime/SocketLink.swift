import AsyncHTTPClient
import Foundation
import NIOCore
import WebSocketKit

/// One open WebSocket to the server: its text frames in arrival order, a way to send, and a
/// close that returns once the socket is gone.
struct SocketLink: Sendable {
    let frames: AsyncStream<String>
    private let socket: WebSocket

    /// Opens the socket at `url` as the owner of `token`. Gives up after the options'
    /// `connectTimeout` or when the task is cancelled; a socket that opens after that is closed.
    /// A 4xx answer to the upgrade, other than 408 and 429, throws `OXOClientError.socketRefused`.
    static func open(_ url: URL, token: String, options: RealtimeOptions) async throws -> SocketLink {
        let group = HTTPClient.defaultEventLoopGroup
        let (frames, input) = AsyncStream.makeStream(of: String.self)
        let opened = group.any().makePromise(of: SocketLink.self)
        var configuration = WebSocketClient.Configuration(maxFrameSize: options.maximumMessageSize)
        configuration.maxAccumulatedFrameSize = options.maximumMessageSize

        let upgrade: EventLoopFuture<Void> = WebSocket.connect(
            to: url, headers: ["Authorization": "Bearer \(token)"], configuration: configuration, on: group
        ) { socket in
            // This runs on the socket's event loop before it reads any frame, so none is missed,
            // and the synchronous onText keeps frames in their order.
            let receive: @Sendable (WebSocket, String) -> Void = { _, text in input.yield(text) }
            socket.onText(receive)
            socket.onClose.whenComplete { _ in input.finish() }
            socket.pingInterval = TimeAmount(options.heartbeat)
            opened.succeed(SocketLink(frames: frames, socket: socket))
            opened.futureResult.whenFailure { _ in socket.close(promise: nil) }
        }
        upgrade.whenFailure { error in opened.fail(refusal(error) ?? error) }
        let deadline = group.any().scheduleTask(in: TimeAmount(options.connectTimeout)) {
            opened.fail(ConnectTimeout())
        }
        opened.futureResult.whenComplete { _ in deadline.cancel() }

        return try await withTaskCancellationHandler {
            try await opened.futureResult.get()
        } onCancel: {
            opened.fail(CancellationError())
        }
    }

    func send(_ text: String) {
        // A failed write means the socket is closing; the reconnect that follows resends.
        socket.send(text, promise: nil)
    }

    /// Whether the server closed this socket because it is stopping (1012, service restart):
    /// another node, or this one started again, takes the client at once.
    var serverRestarted: Bool { socket.closeCode == .unknown(Self.restartCloseCode) }

    static let restartCloseCode: UInt16 = 1012

    func close() async {
        try? await socket.close()
        try? await socket.onClose.get()
    }

    /// Starts closing the socket without waiting: its frames then end, and the session
    /// reconnects as after any drop.
    func abandon() {
        socket.close(code: .goingAway, promise: nil)
    }

    /// Whether `other` is this same socket.
    func isSame(as other: SocketLink?) -> Bool {
        other.map { $0.socket === socket } ?? false
    }

    /// The upgrade was answered with a status that retrying cannot change.
    private static func refusal(_ error: any Error) -> OXOClientError? {
        guard case .invalidResponseStatus(let head) = error as? WebSocketClient.Error else { return nil }
        let status = Int(head.status.code)
        guard (400..<500).contains(status), status != 408, status != 429 else { return nil }
        return .socketRefused(status: status)
    }

    struct ConnectTimeout: Error, CustomStringConvertible {
        var description: String { "the realtime socket did not open in time" }
    }
}
