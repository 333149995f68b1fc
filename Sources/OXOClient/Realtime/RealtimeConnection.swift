import Foundation
import OXOProtocol

/// The realtime socket as an `AsyncSequence` of `RealtimeUpdate`s, for the topics it follows.
///
/// It opens the socket, subscribes, and when the socket drops it reconnects by itself (with a
/// growing delay) and resumes each topic from the last event it delivered, so every event comes
/// once and in order; a snapshot comes instead when too much was missed. `.connected` and
/// `.reconnecting` updates tell the state of the socket.
///
/// ```swift
/// let live = try await alice.connect(following: [.game(game.id)])
/// for try await update in live {
///     if case .event(_, _, let event) = update { show(event.game) }
/// }
/// ```
///
/// The sequence may be iterated more than once, one consumer at a time, so
/// `try await live.first { ... }` can be called again and again; a consumer whose task is
/// cancelled sees the end. It ends for everyone at `close()`, or by throwing
/// `OXOClientError.socketRefused` when the server will not take the token any more.
/// Call `close()` when done: until then the connection keeps reconnecting.
public final class RealtimeConnection: AsyncSequence, Sendable {
    public typealias Element = RealtimeUpdate

    private let session: RealtimeSession
    private let runner: Task<Void, Never>

    init(url: URL, token: String, following topics: [Topic], options: RealtimeOptions) {
        let session = RealtimeSession(url: url, token: token, following: topics, options: options)
        self.session = session
        runner = Task { await session.run() }
    }

    /// Forgotten without `close()`: stop reconnecting and close the socket all the same.
    deinit {
        runner.cancel()
    }

    public struct Iterator: AsyncIteratorProtocol {
        /// Holding the connection keeps it open while someone iterates.
        let connection: RealtimeConnection

        public mutating func next() async throws -> RealtimeUpdate? {
            try await connection.session.next()
        }
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(connection: self)
    }

    /// Follows one more topic: a snapshot of it comes first, then its events.
    public func subscribe(_ topic: Topic) async {
        await session.follow(topic)
    }

    /// Stops following a topic; nothing more of it is delivered.
    public func unsubscribe(_ topic: Topic) async {
        await session.unfollow(topic)
    }

    /// Plays a move over the socket, with the rules and errors of `OXOClient.move`, and
    /// returns the game after it. While the socket is down the move waits and is sent on the
    /// next connection; one sent before a drop is sent again, which is safe because a move is
    /// applied once by its number. Throws the server's `APIError`, `CancellationError` when the
    /// task is cancelled, or `OXOClientError.connectionClosed` once the connection is closed.
    @discardableResult
    public func move(game: GameID, cell: Int, moveNumber: Int) async throws -> GameView {
        try await session.move(game: game, cell: cell, moveNumber: moveNumber)
    }

    /// Plays `cell` as the next move of `game` as this client last saw it.
    @discardableResult
    public func move(_ cell: Int, in game: GameView) async throws -> GameView {
        try await move(game: game.id, cell: cell, moveNumber: game.nextMoveNumber)
    }

    /// Closes the socket, ends the sequence once what was delivered before is read, and fails
    /// the moves still waiting. Returns when the socket is gone; calling it again does nothing.
    public func close() async {
        runner.cancel()
        await runner.value
    }
}
