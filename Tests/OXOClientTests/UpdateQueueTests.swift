import OXOProtocol
import Testing
@testable import OXOClient

/// The hand-over between the connection and its consumers.
@Suite struct UpdateQueueTests {
    let first = RealtimeUpdate.connected(user: Fixtures.alice)
    let second = RealtimeUpdate.reconnecting(attempt: 1, delay: .seconds(1))

    @Test func updatesPushedBeforeAnyoneWaitsComeOutInOrder() async throws {
        var queue = UpdateQueue()
        queue.push(first)
        queue.push(second)
        let updates = [try await next(from: &queue, id: 1), try await next(from: &queue, id: 2)]
        #expect(updates == [first, second])
    }

    @Test func theEndDrainsWhatIsBufferedThenThrowsOnceThenEnds() async throws {
        var queue = UpdateQueue()
        queue.push(first)
        queue.finish(throwing: OXOClientError.socketRefused(status: 401))
        queue.push(second)
        let drained = try await next(from: &queue, id: 1)
        var thrown: (any Error)?
        do { _ = try await next(from: &queue, id: 2) } catch { thrown = error }
        let afterTheEnd = try await next(from: &queue, id: 3)
        #expect(drained == first)
        #expect(thrown is OXOClientError)
        #expect(afterTheEnd == nil)
    }

    @Test func aWaitingConsumerIsHandedTheNextUpdate() async throws {
        var queue = UpdateQueue()
        let update: RealtimeUpdate? = try await withCheckedThrowingContinuation { continuation in
            queue.wait(1, continuation)
            queue.push(first)
        }
        #expect(update == first)
    }

    @Test func aConsumerThatStopsWaitingSeesTheEnd() async throws {
        var queue = UpdateQueue()
        let update: RealtimeUpdate? = try await withCheckedThrowingContinuation { continuation in
            queue.wait(1, continuation)
            queue.stopWaiting(1)
        }
        #expect(update == nil)
        queue.push(first)
        let later = try await next(from: &queue, id: 2)
        #expect(later == first)
    }

    private func next(from queue: inout UpdateQueue, id: Int) async throws -> RealtimeUpdate? {
        try await withCheckedThrowingContinuation { queue.wait(id, $0) }
    }
}
