/// The work's answer, or `DeadlinePassed` once `seconds` of real time have gone by, the
/// work cancelled then. For an exchange with another server, whose every step has a timeout
/// of its own but whose whole may still drag on. Real time, not the server's clock: it
/// bounds what the network takes, which a test's clock does not move.
package func withDeadline<T: Sendable>(
    _ seconds: Double, _ work: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await work() }
        group.addTask {
            try await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
            throw DeadlinePassed(seconds: seconds)
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}

package struct DeadlinePassed: Error, CustomStringConvertible {
    let seconds: Double
    package var description: String { "no answer within \(seconds) s" }
}
