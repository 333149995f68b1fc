import Fluent
import FluentPostgresDriver
import NIOConcurrencyHelpers
import NIOCore

/// PostgresNIO (1.33.2) drops a statement written to a connection that closed a moment
/// before, without ever failing it: a transaction whose connection was cut between two of
/// its statements (a failover: the primary killed, HAProxy cutting its sessions) would wait
/// for ever, and with it every change of its group and every socket whose move is one of
/// them. So a transaction has a deadline: past it, its connection is closed (the pool then
/// drops it, and PostgreSQL rolls back what it had) and its changes are answered
/// `database_unavailable`, which clients send again (a move is applied once by its number).
/// A read through the pool has the same deadline (`PostgresReadDeadline`).
enum TransactionDeadline {
    /// Runs `body` on `connection`, or throws `TransactionOverdue` once `limit` has passed
    /// without its end. A body that never ends is left waiting, holding nothing but itself.
    /// `what` names the work in the log line of one given up.
    ///
    /// Both run on the connection's event loop, where each statement's answer arrives: the
    /// body as a task that prefers the loop, so that going on after an answer is not a
    /// wake-up of another thread, and the deadline as a timer of the loop, not a task that
    /// sleeps (each read and each group has one, and almost every one is cancelled).
    static func run<T: Sendable>(
        within limit: Duration, on connection: any Database, what: String = "a transaction",
        _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let waiting = NIOLockedValueBox<CheckedContinuation<T, any Error>?>(continuation)
            // Whichever comes first answers; true for it.
            let answer: @Sendable (Result<T, any Error>) -> Bool = { result in
                guard let continuation = waiting.withLockedValue({ waiting in defer { waiting = nil }; return waiting }) else { return false }
                continuation.resume(with: result)
                return true
            }
            let deadline = connection.eventLoop.scheduleTask(in: TimeAmount(limit)) {
                guard answer(.failure(TransactionOverdue(limit: limit))) else { return }
                connection.logger.warning("\(what) was not over in time; its connection is closed", metadata: ["limit": "\(limit)"])
                _ = (connection as? any PostgresDatabase)?.withConnection { $0.close() }
            }
            Task(executorPreference: EventLoopExecutor(connection.eventLoop)) {
                do {
                    _ = answer(.success(try await body()))
                } catch {
                    _ = answer(.failure(error))
                }
                deadline.cancel()
            }
        }
    }
}

/// A transaction that did not end within its deadline (`TransactionDeadline`): whether it
/// committed is not known, as with any connection lost under a change.
struct TransactionOverdue: Error, CustomStringConvertible {
    let limit: Duration
    var description: String { "the statement was not over within \(limit); its connection was closed" }
}
