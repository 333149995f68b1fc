import NIOConcurrencyHelpers

/// Bounds the large request bodies (photos, up to 2 MB each) being read at once, per user
/// and in all. A body is held in memory while it arrives, so without this one user who
/// opens hundreds of uploads and holds back their last bytes holds hundreds of bodies (950
/// of them took the server from 55 to 2,064 MiB). Past either bound an upload is refused
/// `rate_limited` before a byte of its body is read.
package final class BodiesInFlight: Sendable {
    let perUser: Int
    let total: Int
    private let state = NIOLockedValueBox((perUser: [String: Int](), total: 0))

    package init(perUser: Int, total: Int) {
        self.perUser = perUser
        self.total = total
    }

    /// How many bodies are being read now, by everyone.
    var reading: Int { state.withLockedValue { $0.total } }

    /// Runs `read` (which reads and handles a body) once there is room for `user`'s body,
    /// and frees the room when it is done, whichever way it ends.
    package func admit<T>(_ user: String, _ read: () async throws -> T) async throws -> T {
        try take(for: user)
        defer { free(for: user) }
        return try await read()
    }

    private func take(for user: String) throws(TooManyAttempts) {
        let refusal = state.withLockedValue { state -> String? in
            if state.perUser[user, default: 0] >= perUser { return "At most \(perUser) of your uploads are read at once" }
            if state.total >= total { return "The server is reading as many uploads as it takes at once" }
            state.perUser[user, default: 0] += 1
            state.total += 1
            return nil
        }
        if let refusal { throw TooManyAttempts(retryAfter: 1, refusal) }
    }

    private func free(for user: String) {
        state.withLockedValue { state in
            let left = state.perUser[user, default: 1] - 1
            state.perUser[user] = left > 0 ? left : nil
            state.total -= 1
        }
    }
}
