/// The updates waiting for a consumer and the consumers waiting for updates. Each update goes
/// to exactly one `next()`, in order; after `finish`, what is buffered still drains, then the
/// error (if any) is thrown once and every later `next()` gets nil.
struct UpdateQueue {
    typealias Waiter = CheckedContinuation<RealtimeUpdate?, any Error>

    private var buffered: [RealtimeUpdate] = []
    private var waiters: [(id: Int, continuation: Waiter)] = []
    private var isFinished = false
    private var failure: (any Error)?

    mutating func push(_ update: RealtimeUpdate) {
        guard !isFinished else { return }
        if waiters.isEmpty {
            buffered.append(update)
        } else {
            waiters.removeFirst().continuation.resume(returning: update)
        }
    }

    mutating func wait(_ id: Int, _ continuation: Waiter) {
        if !buffered.isEmpty {
            continuation.resume(returning: buffered.removeFirst())
        } else if isFinished {
            resumeAtEnd(continuation)
        } else {
            waiters.append((id, continuation))
        }
    }

    /// A waiting consumer gave up (its task was cancelled): its sequence ends without error.
    mutating func stopWaiting(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(returning: nil)
    }

    mutating func finish(throwing error: (any Error)? = nil) {
        guard !isFinished else { return }
        isFinished = true
        failure = error
        // Waiters exist only while nothing is buffered, so they all see the end now.
        let ended = waiters
        waiters = []
        for waiter in ended { resumeAtEnd(waiter.continuation) }
    }

    private mutating func resumeAtEnd(_ continuation: Waiter) {
        if let failure {
            self.failure = nil
            continuation.resume(throwing: failure)
        } else {
            continuation.resume(returning: nil)
        }
    }
}
