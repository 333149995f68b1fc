/// The work's answer, or the error `timedOut` makes once `limit` of real time has gone by,
/// the work cancelled then. For an exchange with another server (a push service, a mail
/// relay), whose every step has a timeout of its own but whose whole may still drag on.
/// Real time, not the server's clock: it bounds what the network takes, which a test's
/// clock does not move.
package func withDeadline<T: Sendable>(
    _ limit: Duration, otherwise timedOut: @escaping @Sendable () -> any Error,
    _ work: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await work() }
        group.addTask {
            try await Task.sleep(for: limit)
            throw timedOut()
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}

/// An exchange that took longer than its bound.
package struct DeadlinePassed: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
