import OXOProtocol

extension BenchTarget {
    /// Opens a realtime socket as `user`, waits for its welcome and, unless told not to,
    /// follows the user's inbox, which tells of joins, "your turn" and finished games.
    func inboxSocket(for user: BenchUser, index: Int, followingInbox: Bool = true) async throws -> BenchSocket {
        let socket = try await BenchSocket.open(path: "/v1/socket", token: user.token, index: index, dialer: dialer)
        do {
            _ = try await socket.next { $0.type == "welcome" }
            guard followingInbox else { return socket }
            socket.send(#"{"type":"subscribe","id":"inbox","topic":"\#(Topic.user(user.id))"}"#)
            let answer = try await socket.next { $0.type == "ack" || $0.type == "error" }
            if let error = answer.error { throw SubscribeRefused(code: error.code) }
            return socket
        } catch {
            await socket.close()
            throw error
        }
    }

    /// Opens sockets for all `users`, `concurrency` at a time, showing progress.
    func sockets(for users: [BenchUser], followingInbox: Bool = true, concurrency: Int = 64,
                 progress: ProgressLine) async throws -> [BenchSocket] {
        let opened = Counter()
        progress.start { _ in "opening \(opened.value) of \(users.count) sockets" }
        defer { progress.stop() }
        return try await inParallel(users.count, concurrency: concurrency) { index in
            let socket = try await self.inboxSocket(for: users[index], index: index, followingInbox: followingInbox)
            opened.add(1)
            return socket
        }
    }
}

struct SubscribeRefused: Error, CustomStringConvertible {
    let code: String
    var description: String { "the server refused to subscribe a socket to its inbox: \(code)" }
}

/// Closes sockets at the end of a run, all at once.
func closeAll(_ sockets: [BenchSocket]) async {
    await withTaskGroup(of: Void.self) { group in
        for socket in sockets { group.addTask { await socket.close() } }
    }
}
