import Foundation
import NIOWebSocket
import OXOAccounts
import OXOCore
import OXOPlay
import OXOProtocol
import Vapor

/// One client's socket: the transport, and the driver of its decisions. Everything that
/// reaches it (the client's messages and events from the bus) goes through one mailbox and
/// is handled in order, one at a time, so each topic's events leave in sequence even while a
/// catch-up reads the database. What to do with each input is decided by `SessionMachine`;
/// this class carries out the effects it returns and hands their answers back. The session
/// has a task only while it has work: the first input starts one, which handles the inbox
/// until it is empty and ends (`SocketMailbox`); meanwhile the bus sends the next event of a
/// topic itself, and a move goes from the event loop to the writer (`received`), the
/// session handling nothing more until it is answered.
final class SocketSession: Sendable {
    enum Input: Sendable {
        /// Read on the socket's event loop: the message, or why it cannot be read.
        case client(Result<ClientMessage, ClientMessageReader.Refusal>)
        case event(StoredEvent)
        /// The stored numbers of the process's followed topics, read after the relay between
        /// processes listened again: the topics this socket is behind on are caught up.
        case behind([Topic: Int])
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
    let socket: SocketHandle
    /// Where every message to the client goes, in order; `socket` is for closing it.
    let outbox: SocketOutbox
    let store: Store
    /// Told which games this socket follows.
    let registry: SocketRegistry
    /// The process's logger, shared by every socket. The socket's id is added only when a
    /// line is written (`logger`): a logger with metadata of its own (the upgrade request's
    /// id, say) costs every idle socket its copy of the metadata.
    private let sharedLogger: Logger
    let mailbox = SocketMailbox()
    /// How many of the client's messages may wait in the mailbox, not yet handled.
    private let waitingLimit: Int

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
    func handInTask(_ state: SessionState?) {
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

    var logger: Logger {
        var logger = sharedLogger
        logger[metadataKey: "socket"] = "\(id)"
        return logger
    }

    func close(code: WebSocketErrorCode = .goingAway) {
        _ = socket.close(code: code)
    }

    /// Sends what the socket missed of each topic it follows that is behind `seqs`, the
    /// topics' stored numbers, in order with everything else it is sent.
    func catchUp(to seqs: [Topic: Int]) {
        handInTask(mailbox.put(.behind(seqs)))
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
    func close(code: WebSocketErrorCode, saying error: APIError) {
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
            await decide(.message(message), state: &state)
        case .event(let event):
            guard !mailbox.isClosing else { return }
            await decide(.event(event), state: &state)
        case .behind(let seqs):
            for topic in Array(state.lastSeq.keys) {
                guard !mailbox.isClosing else { return }
                if let seq = seqs[topic] { await decide(.behind(topic, seq: seq), state: &state) }
            }
        }
    }

    /// Hands `input` to the session's decisions and carries out what they say, handing
    /// each effect's answer back, until the request is done.
    private func decide(_ input: SessionInput, state: inout SessionState) async {
        var machine = SessionMachine(user: user.id, resumeLimit: store.context.configuration.resumeLimit, state: state)
        var effects = machine.receive(input)
        var next = 0
        while next < effects.count {
            if let answer = await carryOut(effects[next]) { effects += machine.receive(answer) }
            next += 1
        }
        state = machine.state
    }

    func answer(_ id: String?, _ outcome: Result<ServerMessage, any Error>) {
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

    func send(_ message: ServerMessage) {
        do {
            outbox.send(ByteBuffer(bytes: try WireJSON.encode(message)))
        } catch {
            logger.error("could not encode a socket message", metadata: ["error": "\(error)"])
        }
    }
}
