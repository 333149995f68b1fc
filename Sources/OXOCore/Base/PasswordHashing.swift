import Crypto
import NIOConcurrencyHelpers
import NIOPosix
import OXOProtocol
import Vapor

/// bcrypt on threads of its own with a bounded queue. Hashing a password takes a core
/// for tens of milliseconds: on the pool SQLite's calls use, a burst of sign-ins would
/// make every request wait. Here a burst waits for these threads only, and what does
/// not fit in the queue is refused at once with `rate_limited`.
package final class PasswordHashing: Sendable {
    private let pool: NIOThreadPool
    private let cost: Int
    /// Hashes running or waiting, and how many may.
    private let admitted = NIOLockedValueBox(0)
    private let capacity: Int

    package init(threads: Int, queue: Int, cost: Int) {
        pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
        self.cost = cost
        capacity = threads + queue
    }

    package func hash(_ password: String) async throws -> String {
        try await run { [cost] in try Bcrypt.hash(Self.bcryptInput(password), cost: cost) }
    }

    package func verify(_ password: String, created hash: String) async throws -> Bool {
        try await run { try Bcrypt.verify(Self.bcryptInput(password), created: hash) }
    }

    /// What bcrypt is given: the password itself up to 72 bytes in UTF-8, which is all
    /// bcrypt reads; past that its SHA-256, so that every character of a long password
    /// counts (a passphrase of 64 characters is common) instead of being cut silently.
    /// Passwords of 72 bytes or fewer hash as they always did, so stored hashes stay good.
    static func bcryptInput(_ password: String) -> String {
        guard password.utf8.count > 72 else { return password }
        return "sha256:" + Data(SHA256.hash(data: Array(password.utf8))).base64EncodedString()
    }

    package func shutdown() async {
        try? await pool.shutdownGracefully()
    }

    private func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let room = admitted.withLockedValue { admitted in
            guard admitted < capacity else { return false }
            admitted += 1
            return true
        }
        guard room else {
            ServerMetrics.rateLimited("password_hashing_queue")
            throw TooManyAttempts(retryAfter: 1, "The server is busy checking passwords")
        }
        defer { admitted.withLockedValue { $0 -= 1 } }
        return try await pool.runIfActive(work)
    }
}
