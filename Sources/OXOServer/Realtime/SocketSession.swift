import Fluent
import Foundation
import NIOWebSocket
import OXOAccounts
import OXOCore
import OXOPlay
import OXOProtocol
import OXOSocial
import Vapor

/// One client's socket. Everything that reaches it (the client's messages and events
/// from the bus) goes through one mailbox and is handled in order, one at a time, so
/// each topic's events leave in sequence even while a catch-up reads the database. The
/// session has a task only while it has work: the first input starts one, which handles
/// the inbox until it is empty and ends (`SocketMailbox`); meanwhile the bus sends the
/// next event of a topic itself, and a move goes from the event loop to the writer
/// (`received`), the session handling nothing more until it is answered.
final class SocketSession: Sendable {
    enum Input: Sendable {
        /// Read on the socket's event loop: the message, or why it cannot be read.
        case client(Result<ClientMessage, ClientMessageReader.Refusal>)
        case event(StoredEvent)
        /// The process is stopping: close once the message in hand is answered.
        case restart
        /// The socket closed: leave what it followed and end.
        case closed
    }

    let id = UUID.random()
    /// The session's listener on its user's inbox, for the end of the session it was
    /// opened with; apart from `id`, which the client's own subscriptions use.
    private let sessionWatch = UUID.random()
    let user: AuthenticatedUser
    private let socket: SocketHandle
    /// Where every message to the client goes, in order; `socket` is for closing it.
    private let outbox: SocketOutbox
    private let store: Store
    /// Told which games this socket follows.
    private let registry: SocketRegistry
    /// The process's logger, shared by every socket. The socket's id is added only when a
    /// line is written (`logger`): a logger with metadata of its own (the upgrade request's
    /// id, say) costs every idle socket its copy of the metadata.
    private let sharedLogger: Logger
    private let mailbox = SocketMailbox()
    /// How many of the client's messages may wait in the mailbox, not yet handled.
    private let waitingLimit: Int
    /// Subscriptions refused in a row after which the socket is closed (1008): a client
    /// that asks again the moment it is told to wait would keep the server answering it.
    static let refusalsBeforeClosing = 10

    init(user: AuthenticatedUser, socket: SocketHandle, outbox: SocketOutbox, store: Store, registry: SocketRegistry,
         logger: Logger) {
        self.user = user
        self.socket = socket
        self.outbox = outbox
        self.store = store
        self.registry = registry
        waitingLimit = store.context.configuration.maxSocketWaitingMessages
        sharedLogger = logger
    }

    /// Connects the socket's callbacks to the mailbox. Must run on the socket's event
    /// loop, before it reads anything, so no message arrives before there is a listener.
    func listen() {
        socket.frames.value.onText = { [weak self] text in
            self?.received(text)
        }
        socket.onClose.whenComplete { [self] _ in
            registry.closed(self)
            handInTask(mailbox.finish())
        }
    }

    /// On the socket's event loop: reads the client's message, and hands a move straight
    /// to the writer when the session has nothing in hand (the writer's answer comes back
    /// to this loop); anything else goes into the mailbox, for the session.
    private func received(_ text: String) {
        ServerMetrics.socketMessage(.received)
        guard mailbox.admitMessage(limit: waitingLimit) else {
            mailbox.markClosing()
            _ = socket.close(code: .policyViolation)
            return
        }
        let message: Result<ClientMessage, ClientMessageReader.Refusal>
        do {
            message = .success(try ClientMessageReader.read(text))
        } catch {
            message = .failure(error)
        }
        if case .success(.move(let id, let game, let cell, let moveNumber)) = message, mailbox.takeMove() {
            GameService(store: store).move(game, cell: cell, moveNumber: moveNumber, by: user) { [self] played in
                // Encoded and written on the socket's loop, not on the writer's thread, which
                // every move waits for.
                socket.eventLoop.execute { [self] in
                    answer(id, played.map { .ack(id: id, game: $0, seq: nil) })
                    handInTask(mailbox.moveAnswered())
                }
            }
            return
        }
        handInTask(mailbox.put(.client(message)))
    }

    /// Starts a task to handle the inbox with `state`, when the mailbox gave one (the
    /// session had none running); it ends when the inbox is empty.
    private func handInTask(_ state: SessionState?) {
        guard let state else { return }
        Task { await handleInbox(with: state) }
    }

    private func handleInbox(with state: SessionState) async {
        var state = state
        while let input = mailbox.next(handingBack: state) {
            await handle(input, state: &state)
        }
    }

    var eventLoop: any EventLoop { socket.eventLoop }

    private var logger: Logger {
        var logger = sharedLogger
        logger[metadataKey: "socket"] = "\(id)"
        return logger
    }

    func close(code: WebSocketErrorCode = .goingAway) {
        _ = socket.close(code: code)
    }

    /// The close code of a socket whose server is stopping (service restart): the client
    /// reconnects at once, through the balancer to another node, and resumes.
    static let restartCloseCode: UInt16 = 1012

    /// Answers the client's message in hand, handles none after it, then closes with 1012.
    /// Events not sent yet are resumed from their numbers after the reconnect.
    func closeForRestart() {
        mailbox.markClosing()
        handInTask(mailbox.put(.restart))
    }

    /// Closes the socket at once, on the bus's thread rather than after the mailbox's
    /// waiting messages, with a last error that says why.
    private func closeForEndedSession() {
        close(code: .unknown(Self.sessionEndedCloseCode),
              saying: APIError(.unauthorized, "This session was signed out or has expired; sign in again."))
    }

    /// Sends a last error that says why, then the close; nothing the client sent before
    /// it is handled any more.
    private func close(code: WebSocketErrorCode, saying error: APIError) {
        mailbox.markClosing()
        send(.error(id: nil, error: error))
        _ = socket.close(code: code)
    }

    /// The close code of a socket whose session ended: reconnecting with the same token
    /// is pointless.
    static let sessionEndedCloseCode: UInt16 = 4001

    /// Opens the session, with no task of its own: checks that its sign-in still holds and
    /// records the connection (one change), welcomes the client on the socket's loop, then
    /// lets the mailbox start a task for what came meanwhile. Later inputs start tasks of
    /// their own; the last, `.closed`, leaves what the socket followed and tells the
    /// registry the session ended.
    func open() {
        logger.info("socket opened", metadata: ["user": "\(user.id)"])
        // Listen before checking, so a session ended in between is not missed.
        store.bus.subscribe(.user(user.id), subscriber: sessionWatch) { [self] event in
            if user.isEnded(by: event) { closeForEndedSession() }
        }
        PresenceService(store: store).enter(id, user: user) { [self] entered in
            socket.eventLoop.execute { [self] in
                var sessionIsOpen = true
                switch entered {
                case .success(let open): sessionIsOpen = open
                case .failure(let error): logger.error("could not record the connection", metadata: ["error": "\(error)"])
                }
                if sessionIsOpen { send(.welcome(user: user.summary)) } else { closeForEndedSession() }
                handInTask(mailbox.opened())
            }
        }
    }

    private func leave(_ state: SessionState) async {
        for topic in state.lastSeq.keys {
            store.bus.unsubscribe(topic, subscriber: id)
            if case .game(let game) = topic { registry.look(user.id, at: game, by: -1) }
        }
        store.bus.unsubscribe(.user(user.id), subscriber: sessionWatch)
        store.context[SocketSubscriptions.self].reset(id.uuidString)
        do {
            if !state.watching.isEmpty { try await Watchers(store: store).remove(id) }
            try await PresenceService(store: store).leave(id)
        } catch {
            logger.error("could not clear watching and presence after close", metadata: ["error": "\(error)"])
        }
        logger.info("socket closed")
        registry.ended(self)
    }

    private func handle(_ input: Input, state: inout SessionState) async {
        // What the client sent before its socket began to close is no longer handled: no
        // answer would reach it, and a client closed for flooding would otherwise still
        // have every message it managed to queue served.
        switch input {
        case .restart:
            close(code: .unknown(Self.restartCloseCode))
        case .closed:
            await leave(state)
        case .client(let message):
            guard !mailbox.isClosing else { return }
            await handle(message, state: &state)
        case .event(let event):
            guard !mailbox.isClosing else { return }
            if closesToStranger(event, state: state) {
                await leavePrivateGame(event.topic, state: &state)
            } else if !SocketMailbox.sendIfNext(event, after: &state.lastSeq, to: outbox) {
                await catchUpAndDeliver(event, state: &state)
            }
        }
    }

    private func handle(_ read: Result<ClientMessage, ClientMessageReader.Refusal>, state: inout SessionState) async {
        let message: ClientMessage
        switch read {
        case .success(let read):
            message = read
        case .failure(let refusal):
            logger.notice("socket message refused", metadata: ["code": "\(refusal.error.code.rawValue)"])
            send(.error(id: refusal.id, error: refusal.error))
            return
        }
        switch message {
        case .ping(let id):
            send(.pong(id: id, serverTime: store.clock.now))
        case .subscribe(let id, let topic, let after):
            do {
                try store.context[SocketSubscriptions.self].record(self.id.uuidString)
                state.refusedInARow = 0
            } catch let refusal {
                state.refusedInARow += 1
                guard state.refusedInARow < Self.refusalsBeforeClosing else {
                    logger.notice("socket closed: it went on subscribing after being refused",
                                  metadata: ["refused": "\(state.refusedInARow)"])
                    return close(code: .policyViolation, saying: APIError(.rateLimited,
                        "Closed after \(state.refusedInARow) subscriptions refused in a row; wait before subscribing again."))
                }
                return send(.error(id: id, error: refusal.error))
            }
            await answer(id) { try await self.subscribe(topic, after: after, request: id, state: &state) }
        case .unsubscribe(let id, let topic):
            await answer(id) {
                try await self.stopFollowing(topic, state: &state)
                return .ack(id: id, game: nil, seq: nil)
            }
        case .move(let id, let game, let cell, let moveNumber):
            await answer(id) {
                .ack(id: id, game: try await GameService(store: self.store).move(game, cell: cell, moveNumber: moveNumber, by: self.user),
                     seq: nil)
            }
        }
    }

    private func stopFollowing(_ topic: Topic, state: inout SessionState) async throws {
        store.bus.unsubscribe(topic, subscriber: id)
        if case .game(let game) = topic, state.lastSeq[topic] != nil { registry.look(user.id, at: game, by: -1) }
        state.lastSeq[topic] = nil
        if case .game(let game) = topic {
            state.strangerAtUnlisted.remove(game)
            if state.watching.remove(game) != nil { try await Watchers(store: store).remove(id, from: game) }
        }
    }

    /// An unlisted game may be followed by anyone with its id while it waits for an
    /// opponent; once it starts it is its two players' alone, so a stranger who followed
    /// it then stops hearing it, and is told why.
    private func closesToStranger(_ event: StoredEvent, state: SessionState) -> Bool {
        guard case .game(let game) = event.topic, state.strangerAtUnlisted.contains(game),
              let view = (try? Wire.decoder.decode(TopicEvent.self, from: Data(event.payload.utf8)))?.game
        else { return false }
        return view.phase != .open && ![view.x, view.o].contains { $0?.player?.id == user.id }
    }

    private func leavePrivateGame(_ topic: Topic, state: inout SessionState) async {
        do {
            try await stopFollowing(topic, state: &state)
        } catch {
            logger.error("could not stop watching a game that became private", metadata: ["error": "\(error)"])
        }
        send(.error(id: nil, error: APIError(.gameNotFound, "This unlisted game has started: only its players follow it now."),
                    topic: topic))
    }

    /// Runs a request and sends its answer, or its error with the request id.
    private func answer(_ id: String?, _ work: () async throws -> ServerMessage) async {
        do {
            answer(id, .success(try await work()))
        } catch {
            answer(id, .failure(error))
        }
    }

    private func answer(_ id: String?, _ outcome: Result<ServerMessage, any Error>) {
        switch outcome {
        case .success(let message):
            send(message)
        case .failure(let error):
            let apiError = ErrorResponder.apiError(for: error)
            if apiError.code == .internalError {
                logger.error("socket request failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            send(.error(id: id, error: apiError))
        }
    }

    private func subscribe(_ topic: Topic, after: Int?, request: String?, state: inout SessionState) async throws -> ServerMessage {
        if case .user(let owner) = topic, owner != user.id {
            throw APIError(.forbidden, "You can follow only your own inbox.")
        }
        if case .chat(let room) = topic {
            try await ChatAccess(database: store.sql).check(room, for: user.id.rawValue, writing: false, now: store.clock.now)
        }
        // Listen before reading, so nothing committed meanwhile is missed; what arrives
        // twice is dropped by its sequence number.
        let wasFollowing = state.lastSeq[topic] != nil
        store.bus.subscribe(topic, subscriber: id) { [self] event in handInTask(mailbox.offer(event, to: outbox)) }
        let current: Int, game: GameRow?
        do {
            (current, game) = try await currentSeqAndGame(of: topic)
        } catch {
            if !wasFollowing { store.bus.unsubscribe(topic, subscriber: id) }
            throw error
        }
        try await catchUp(topic, from: after, to: current, game: game, state: &state)
        if let game {
            if !wasFollowing { registry.look(user.id, at: game.gameID, by: 1) }
            if !game.listed, !game.players.contains(user.id.rawValue) { state.strangerAtUnlisted.insert(game.gameID) }
            if try await Watchers(store: store).add(id, user: user, to: game) { state.watching.insert(game.gameID) }
        }
        return .ack(id: request, game: nil, seq: state.lastSeq[topic])
    }

    /// The topic's last number and, for a game's topic, the game's row, read together: the
    /// row says that the game exists, it is the snapshot's, and it tells a player from a
    /// watcher.
    private func currentSeqAndGame(of topic: Topic) async throws -> (seq: Int, game: GameRow?) {
        guard case .game(let id) = topic else {
            return (try await EventStore(database: store.sql).currentSeq(of: topic), nil)
        }
        let (row, seq) = try await GameQueries(database: store.sql).rowAndTopicSeq(id)
        try GameRules.reveal(row, to: user.id)
        return (seq, row)
    }

    /// Sends what is missing before an event past a gap (an event committed by another
    /// writer has not arrived yet), then the event.
    private func catchUpAndDeliver(_ event: StoredEvent, state: inout SessionState) async {
        guard let last = state.lastSeq[event.topic] else { return }
        do {
            try await catchUp(event.topic, from: last, to: event.seq - 1, state: &state)
            _ = SocketMailbox.sendIfNext(event, after: &state.lastSeq, to: outbox)
        } catch {
            logger.error("could not deliver an event", metadata: ["topic": "\(event.topic)", "error": "\(error)"])
        }
    }

    /// Sends what the client missed between `from` and `to`: the events themselves when
    /// they are few enough and still kept, a snapshot otherwise (of `game`, the topic's
    /// game, when it was read already).
    private func catchUp(_ topic: Topic, from: Int?, to current: Int, game: GameRow? = nil,
                         state: inout SessionState) async throws {
        if let from, from <= current, current - from <= store.context.configuration.resumeLimit,
           let missed = try await EventStore(database: store.sql).events(on: topic, after: from, through: current) {
            for event in missed { outbox.send(event.message) }
        } else {
            let snapshots = Snapshots(database: store.sql)
            let snapshot = if let game {
                try await snapshots.snapshot(of: game, kept: store.context[LiveGames.self])
            } else {
                try await snapshots.snapshot(of: topic, for: user.id)
            }
            send(.snapshot(topic: topic, seq: current, snapshot: snapshot))
        }
        state.lastSeq[topic] = current
    }

    private func send(_ message: ServerMessage) {
        do {
            outbox.send(ByteBuffer(bytes: try WireJSON.encode(message)))
        } catch {
            logger.error("could not encode a socket message", metadata: ["error": "\(error)"])
        }
    }
}

/// What one socket follows, each topic with the last sequence number it was sent, the
/// games it watches (follows without playing), and how many of its subscriptions were
/// refused in a row.
struct SessionState: Sendable {
    var lastSeq: [Topic: Int] = [:]
    /// Only this socket adds its rows to the watchers, so it knows when leaving a game or
    /// closing has none to remove, without reading.
    var watching: Set<GameID> = []
    /// Unlisted games this socket follows without a seat, while they wait for an opponent.
    var strangerAtUnlisted: Set<GameID> = []
    var refusedInARow = 0
}
