import Foundation
import NIOConcurrencyHelpers
import NIOCore
import OXOProtocol
import WebSocketKit

/// One of the load generator's sockets. While a scenario sets it up, its frames queue for
/// `next()`; once the scenario hands it a handler, each frame goes straight to that
/// handler on the socket's event loop, with no task switch in between, so what is timed
/// is the server and the wire, not the generator's scheduling.
final class BenchSocket: Sendable {
    private let socket: WebSocket
    private let route: NIOLockedValueBox<Route>

    private enum Route {
        case queue(frames: [String], waiter: CheckedContinuation<String, any Error>?)
        case handler(@Sendable (String) -> Void)
        case closed
    }

    private init(socket: WebSocket, route: NIOLockedValueBox<Route>) {
        self.socket = socket
        self.route = route
    }

    static func open(path: String, token: String?, index: Int, dialer: SocketDialer) async throws -> BenchSocket {
        let route = NIOLockedValueBox(Route.queue(frames: [], waiter: nil))
        let socket = try await dialer.open(path, token: token, index: index) { _, text in
            BenchSocket.receive(text, route: route)
        }
        let bench = BenchSocket(socket: socket, route: route)
        socket.onClose.whenComplete { _ in bench.closed() }
        return bench
    }

    /// Completes when the socket has closed, for whatever reason.
    var onClose: EventLoopFuture<Void> { socket.onClose }

    func send(_ text: String) {
        socket.send(text, promise: nil)
    }

    /// Runs `work` on the socket's event loop after `delay`, or at once when it is zero.
    func after(_ delay: TimeAmount, _ work: @escaping @Sendable () -> Void) {
        if delay > .zero { socket.eventLoop.scheduleTask(in: delay, work) } else { work() }
    }

    func close() async {
        try? await socket.close(code: .normalClosure).get()
    }

    /// The next frame that arrived, while the socket is being set up. Fails when the
    /// socket closes, or after `timeout` with nothing, so a set-up cannot hang.
    func next(timeout: TimeAmount = .seconds(30)) async throws -> String {
        let timer = socket.eventLoop.scheduleTask(in: timeout) { self.fail(NoAnswer()) }
        defer { timer.cancel() }
        return try await withCheckedThrowingContinuation { continuation in
            let frame: Result<String, any Error>? = route.withLockedValue { route in
                switch route {
                case .queue(var frames, nil) where !frames.isEmpty:
                    let first = frames.removeFirst()
                    route = .queue(frames: frames, waiter: nil)
                    return .success(first)
                case .queue(let frames, nil):
                    route = .queue(frames: frames, waiter: continuation)
                    return nil
                case .queue, .handler:
                    return .failure(NotSettingUp())
                case .closed:
                    return .failure(SocketClosed())
                }
            }
            if let frame { continuation.resume(with: frame) }
        }
    }

    /// The next frame, decoded, skipping those `wanted` does not accept.
    func next(where wanted: (BenchMessage) -> Bool) async throws -> BenchMessage {
        while true {
            let message = try BenchMessage.decode(try await next())
            if wanted(message) { return message }
        }
    }

    /// From now on every frame goes to `handler`, starting with any still queued.
    func handleFrames(with handler: @escaping @Sendable (String) -> Void) {
        let queued: [String] = route.withLockedValue { route in
            guard case .queue(let frames, _) = route else { return [] }
            route = .handler(handler)
            return frames
        }
        for frame in queued { handler(frame) }
    }

    private static func receive(_ text: String, route: NIOLockedValueBox<Route>) {
        enum Delivery { case kept, waiter(CheckedContinuation<String, any Error>), handler(@Sendable (String) -> Void) }
        let delivery: Delivery = route.withLockedValue { route in
            switch route {
            case .queue(let frames, let waiter?):
                route = .queue(frames: frames, waiter: nil)
                return .waiter(waiter)
            case .queue(let frames, nil):
                route = .queue(frames: frames + [text], waiter: nil)
                return .kept
            case .handler(let handler):
                return .handler(handler)
            case .closed:
                return .kept
            }
        }
        switch delivery {
        case .kept: break
        case .waiter(let waiter): waiter.resume(returning: text)
        case .handler(let handler): handler(text)
        }
    }

    private func closed() {
        fail(SocketClosed())
    }

    /// Fails a set-up waiting in `next()`. A closed socket stays closed; a handler, once
    /// set, is left alone (scenarios watch `onClose` themselves).
    private func fail(_ error: any Error) {
        let waiter: CheckedContinuation<String, any Error>? = route.withLockedValue { route in
            guard case .queue(let frames, let waiter) = route else { return nil }
            route = error is SocketClosed ? .closed : .queue(frames: frames, waiter: nil)
            return waiter
        }
        waiter?.resume(throwing: error)
    }

    struct SocketClosed: Error, CustomStringConvertible {
        var description: String { "the socket closed" }
    }

    struct NoAnswer: Error, CustomStringConvertible {
        var description: String { "the server did not answer on the socket in time" }
    }

    /// `next()` is for one set-up at a time, before a handler takes the frames.
    struct NotSettingUp: Error {}
}
