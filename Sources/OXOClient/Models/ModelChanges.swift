import Observation

/// What `read` returns, now and again after every change to the observable properties it
/// read: how code without SwiftUI (a terminal, a bot, a test) follows a model.
///
/// ```swift
/// for await board in changes(of: { game.board }) { draw(board) }
/// ```
///
/// Changes that come together arrive as one value. The sequence ends when its consumer stops.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
public func changes<Value: Sendable>(of read: @escaping @MainActor () -> Value) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(1))
    let tracker = ChangeTracker(read: read, continuation: continuation)
    continuation.onTermination = { _ in Task { @MainActor in tracker.stop() } }
    tracker.track()
    return stream
}

/// Reads, yields, and reads again after the next change, until stopped.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
private final class ChangeTracker<Value: Sendable> {
    private let read: @MainActor () -> Value
    private let continuation: AsyncStream<Value>.Continuation
    private var isStopped = false

    init(read: @escaping @MainActor () -> Value, continuation: AsyncStream<Value>.Continuation) {
        self.read = read
        self.continuation = continuation
    }

    func track() {
        guard !isStopped else { return }
        // Observation calls `onChange` before the change is made, so read again afterwards.
        let value = withObservationTracking(read) {
            Task { @MainActor in self.track() }
        }
        continuation.yield(value)
    }

    func stop() {
        isStopped = true
    }
}
