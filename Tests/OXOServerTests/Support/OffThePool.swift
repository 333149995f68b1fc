import Foundation

/// Runs blocking work on a thread of its own: on one of the few threads that run tasks,
/// it could wait for a server whose tasks need that very thread.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { done in
        Thread.detachNewThread { done.resume(with: Result { try work() }) }
    }
}
