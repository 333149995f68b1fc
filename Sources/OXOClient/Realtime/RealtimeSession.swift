import Foundation
import OXOProtocol

/// Drives one realtime connection: opens the socket, subscribes, reads the server's messages
/// in order, and after a drop waits (not after a server's restart close, 1012), opens it
/// again and resumes. All its state lives in this
/// actor, so the socket's frames and the caller's requests are handled one at a time.
actor RealtimeSession {
    private struct PendingMove {
        let order: Int
        let text: String
        let continuation: CheckedContinuation<GameView, any Error>
        /// Times the server answered `database_unavailable` and the move was sent again.
        var retries = 0
        /// Times the move was sent, on any socket: an answer overdue is one to the last send.
        var sends = 0
    }

    private let url: URL
    private let token: String
    private let options: RealtimeOptions
    private var ledger: SubscriptionLedger
    private var updates = UpdateQueue()
    /// The open socket, from the server's welcome until it closes.
    private var link: SocketLink?
    /// Moves not answered yet. They are sent again on each new socket: a move is idempotent
    /// by its number, so the server applies it once however often it arrives.
    private var pendingMoves: [String: PendingMove] = [:]
    /// Subscribes sent on the current socket and not answered yet, so a refusal names its topic.
    private var pendingSubscriptions: [String: Topic] = [:]
    private var lastRequestNumber = 0
    private var failedAttempts = 0
    private var isEnded = false
    private let encoder = Wire.encoder
    private let decoder = Wire.decoder

    init(url: URL, token: String, following topics: [Topic], options: RealtimeOptions) {
        self.url = url
        self.token = token
        self.options = options
        ledger = SubscriptionLedger(following: topics)
    }

    /// Keeps the connection up until the task is cancelled or the server refuses it for good,
    /// then ends the updates and fails the moves still waiting.
    func run() async {
        while !Task.isCancelled {
            do {
                let socket = try await SocketLink.open(url, token: token, options: options)
                await serve(socket)
                if socket.serverRestarted, failedAttempts == 0, !Task.isCancelled {
                    // The server is stopping for a restart: reconnect without waiting, once.
                    // Counted as an attempt, so that a server closing every new socket with
                    // 1012 before it welcomes one is tried again after the usual waits.
                    failedAttempts = 1
                    updates.push(.reconnecting(attempt: 1, delay: .zero))
                    continue
                }
            } catch OXOClientError.socketRefused(let status) {
                return end(throwing: .socketRefused(status: status))
            } catch {
                // Unreachable, timed out or cancelled: the checks below decide.
            }
            guard !Task.isCancelled else { break }
            failedAttempts += 1
            let delay = options.backoff.delay(beforeAttempt: failedAttempts, jitter: .random(in: 0...1))
            updates.push(.reconnecting(attempt: failedAttempts, delay: delay))
            do {
                try await Task.sleep(for: delay)
            } catch {
                break
            }
        }
        end(throwing: nil)
    }

    /// The next update for a consumer; nil at the end, or when the consumer's task is cancelled.
    func next() async throws -> RealtimeUpdate? {
        let id = nextNumber()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: nil)
                } else {
                    updates.wait(id, continuation)
                }
            }
        } onCancel: {
            Task { await self.stopWaiting(id) }
        }
    }

    func follow(_ topic: Topic) {
        guard !isEnded, ledger.follow(topic) else { return }
        // Without a socket, the next welcome subscribes it with the others.
        subscribe(topic, after: nil)
    }

    func unfollow(_ topic: Topic) {
        guard ledger.unfollow(topic), let link else { return }
        link.send(text(of: .unsubscribe(id: nil, topic: topic)))
    }

    func move(game: GameID, cell: Int, moveNumber: Int) async throws -> GameView {
        let order = nextNumber()
        let id = "move-\(order)"
        let text = text(of: .move(id: id, game: game, cell: cell, moveNumber: moveNumber))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if isEnded {
                    continuation.resume(throwing: OXOClientError.connectionClosed)
                } else if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    pendingMoves[id] = PendingMove(order: order, text: text, continuation: continuation)
                    send(id)
                }
            }
        } onCancel: {
            Task { await self.abandonMove(id) }
        }
    }

    /// Handles one socket's messages until it closes.
    private func serve(_ socket: SocketLink) async {
        let welcomeDue = Task { [weak self, answerTimeout = options.answerTimeout] in
            guard (try? await Task.sleep(for: answerTimeout)) != nil else { return }
            await self?.abandonUnlessWelcomed(socket)
        }
        for await text in socket.frames {
            receive(text, on: socket)
        }
        welcomeDue.cancel()
        link = nil
        pendingSubscriptions = [:]
        await socket.close()
    }

    private func receive(_ text: String, on socket: SocketLink) {
        let message: ServerMessage
        do {
            message = try decoder.decode(ServerMessage.self, from: Data(text.utf8))
        } catch {
            return skip(text, unreadable: error)
        }
        switch message {
        case .welcome(let user):
            link = socket
            failedAttempts = 0
            updates.push(.connected(user: user))
            // The moves first: the server answers a socket's messages in order, and after a
            // failover every client resumes at once, each topic's catch-up a read (a snapshot
            // when the server missed events) that waits its turn for a connection. A player
            // waits for the move; the catch-up can follow it.
            for (id, _) in pendingMoves.sorted(by: { $0.value.order < $1.value.order }) {
                send(id)
            }
            for subscription in ledger.subscriptions {
                subscribe(subscription.topic, after: subscription.after)
            }
        case .event(let topic, let seq, let event):
            switch ledger.receiveEvent(on: topic, seq: seq) {
            case .deliver: updates.push(.event(topic: topic, seq: seq, event: event))
            case .drop: break
            case .resync: subscribe(topic, after: nil)
            }
        case .snapshot(let topic, let seq, let snapshot):
            if ledger.receiveSnapshot(on: topic, seq: seq) == .deliver {
                updates.push(.snapshot(topic: topic, seq: seq, snapshot: snapshot))
            }
        case .ack(let id, let game, _):
            guard let id else { return }
            pendingSubscriptions[id] = nil
            guard let move = pendingMoves.removeValue(forKey: id) else { return }
            if let game {
                move.continuation.resume(returning: game)
            } else {
                move.continuation.resume(throwing: OXOClientError.unexpected(
                    status: nil, body: Data(text.utf8), reason: "a move's acknowledgement without its game"))
            }
        case .error(let id, let error, let topic):
            if id == nil, let topic, ledger.unfollow(topic) {
                updates.push(.subscriptionRefused(topic: topic, error: error))
            }
            guard let id else { return }
            if let topic = pendingSubscriptions.removeValue(forKey: id), ledger.unfollow(topic) {
                updates.push(.subscriptionRefused(topic: topic, error: error))
            }
            // A move answered `database_unavailable` or `storage_unavailable` (the server's
            // PostgreSQL primary failing over) is sent again with its number, so it is applied once.
            if var move = pendingMoves[id], let wait = OXOClient.sendAgainWait(after: move.retries + 1, error: error) {
                move.retries += 1
                pendingMoves[id] = move
                Task { [weak self] in
                    try? await Task.sleep(for: wait)
                    await self?.send(id)
                }
                return
            }
            pendingMoves.removeValue(forKey: id)?.continuation.resume(throwing: error)
        case .pong:
            break
        }
    }

    /// A message this version cannot read, say from a newer server, is skipped. Were it an
    /// event, the next event on its topic shows the gap and the resync repairs it; were it the
    /// answer to a move, the move fails rather than waiting for ever.
    private func skip(_ text: String, unreadable error: any Error) {
        struct RequestID: Decodable { let id: String? }
        guard let id = (try? decoder.decode(RequestID.self, from: Data(text.utf8)))?.id,
              let move = pendingMoves.removeValue(forKey: id)
        else { return }
        move.continuation.resume(throwing: OXOClientError.unexpected(status: nil, body: Data(text.utf8), reason: "\(error)"))
    }

    private func subscribe(_ topic: Topic, after: Int?) {
        guard let link else { return }
        let id = "subscribe-\(nextNumber())"
        pendingSubscriptions[id] = topic
        link.send(text(of: .subscribe(id: id, topic: topic, after: after)))
    }

    /// Sends a waiting move on the current socket, and gives the server `answerTimeout` to
    /// answer it there; without a socket, the next welcome sends it.
    private func send(_ id: String) {
        guard let socket = link, var move = pendingMoves[id] else { return }
        move.sends += 1
        pendingMoves[id] = move
        socket.send(move.text)
        Task { [weak self, answerTimeout = options.answerTimeout, send = move.sends] in
            try? await Task.sleep(for: answerTimeout)
            await self?.abandonIfUnanswered(id, send: send, on: socket)
        }
    }

    /// A move still unanswered `answerTimeout` after it was sent, and not sent since: the
    /// server's session for this socket is stuck (waiting on a database connection that died,
    /// say). The socket is closed; the reconnect sends the move again.
    private func abandonIfUnanswered(_ id: String, send: Int, on socket: SocketLink) {
        guard pendingMoves[id]?.sends == send, socket.isSame(as: link) else { return }
        socket.abandon()
    }

    /// A socket that opened but was not welcomed within `answerTimeout` is closed, and the
    /// connection tries again.
    private func abandonUnlessWelcomed(_ socket: SocketLink) {
        guard !socket.isSame(as: link) else { return }
        socket.abandon()
    }

    private func abandonMove(_ id: String) {
        pendingMoves.removeValue(forKey: id)?.continuation.resume(throwing: CancellationError())
    }

    private func stopWaiting(_ id: Int) {
        updates.stopWaiting(id)
    }

    private func end(throwing error: OXOClientError?) {
        isEnded = true
        updates.finish(throwing: error)
        let unanswered = pendingMoves.values
        pendingMoves = [:]
        for move in unanswered {
            move.continuation.resume(throwing: OXOClientError.connectionClosed)
        }
    }

    /// Numbers request ids and waiting consumers alike; unique is all they need to be.
    private func nextNumber() -> Int {
        lastRequestNumber += 1
        return lastRequestNumber
    }

    /// A `ClientMessage` holds only strings and integers, which always encode.
    private func text(of message: ClientMessage) -> String {
        String(decoding: (try? encoder.encode(message)) ?? Data(), as: UTF8.self)
    }
}
