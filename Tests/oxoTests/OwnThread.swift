import Foundation

/// Runs work that blocks (a read from a child's pipe, waiting for it to exit) on a thread
/// of its own and awaits it. Swift's cooperative pool has one thread per core, and every
/// suite of the test process shares it: two tests blocked on their child processes took a
/// two-core machine's whole pool, and the in-process servers of the other suites stopped
/// answering until their clients timed out.
func onOwnThread<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}
