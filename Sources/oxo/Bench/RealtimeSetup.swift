import OXOProtocol

extension BenchTarget {
    /// Opens a realtime socket as `user`, waits for its welcome and, unless told not to,
    /// follows the user's inbox, which tells of joins, "your turn" and finished games:
    /// from the start, or resuming `after` the last number seen. Returns the socket and the
    /// inbox's number once it has caught up.
    func inboxSocket(for user: BenchUser, index: Int, followingInbox: Bool = true,
                     after: Int? = nil) async throws -> (socket: BenchSocket, seq: Int?) {
        let socket = try await BenchSocket.open(path: "/v1/socket", token: user.token, index: index, dialer: dialer)
        do {
            _ = try await socket.next { $0.type == "welcome" }
            guard followingInbox else { return (socket, nil) }
            let resume = after.map { #","after":\#($0)"# } ?? ""
            socket.send(#"{"type":"subscribe","id":"inbox","topic":"\#(Topic.user(user.id))"\#(resume)}"#)
            let answer = try await socket.next { $0.type == "ack" || $0.type == "error" }
            if let error = answer.error { throw SubscribeRefused(code: error.code) }
            return (socket, answer.seq)
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
            let socket = try await self.inboxSocket(for: users[index], index: index, followingInbox: followingInbox).socket
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
