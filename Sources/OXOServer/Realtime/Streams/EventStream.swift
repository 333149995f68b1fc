import Foundation
import NIOConcurrencyHelpers
import OXOAccounts
import OXOCore
import OXOPlay
import OXOProtocol
import Vapor

/// One open stream of JSON lines (`GET /v1/me/stream`, `GET /v1/games/{gameID}/stream`):
/// the socket's own messages for the topics it follows, one a line, each topic's in order
/// and numbered as on the socket, so a client that lost the connection asks again with the
/// last numbers it had and misses nothing. An empty line every few seconds keeps idle
/// connections (and the proxies on the way) open, and tells the server when the client has
/// gone: the write fails.
///
/// Everything that reaches the stream (the bus's events, the keep-alive's ticks, the
/// server's stop) goes through one queue and is written by one task, in order.
final class EventStream: Sendable {
    enum Input: Sendable {
        case event(StoredEvent)
        case keepAlive
        /// The server is stopping or the session ended: the stream ends (a client resumes).
        case end(reason: String)
    }

    let id = UUID.random()
    /// The listener on the user's inbox for the end of a session's stream, apart from `id`,
    /// which the account's stream also listens with.
    private let sessionWatch = UUID.random()
    let user: AuthenticatedUser
    /// The topics followed, each with the number the client last had (nil: from a snapshot).
    let topics: [(topic: Topic, after: Int?)]
    /// A game's stream ends with its game.
    let game: GameID?
    let store: Store
    let logger: Logger
    private let inputs: AsyncStream<Input>
    private let queue: AsyncStream<Input>.Continuation
    /// Kept by the writing task alone; in a box only because the class is shared.
    private let lastSeq = NIOLockedValueBox<[Topic: Int]>([:])

    /// Events that may wait to be written; past it the client reads too slowly, and the
    /// stream ends for it to resume from its numbers rather than the server holding more.
    static let waitingLimit = 512

    init(user: AuthenticatedUser, topics: [(topic: Topic, after: Int?)], game: GameID?, store: Store, logger: Logger) {
        self.user = user
        self.topics = topics
        self.game = game
        self.store = store
        self.logger = logger
        (inputs, queue) = AsyncStream.makeStream(of: Input.self, bufferingPolicy: .bufferingOldest(Self.waitingLimit))
    }

    /// Starts hearing the topics' events (and, for a session, its end) before anything is
    /// read, so nothing committed meanwhile is missed; what arrives twice is dropped by
    /// its number.
    func listen() {
        for (topic, _) in topics {
            store.bus.subscribe(topic, subscriber: id) { [self] event in put(.event(event)) }
        }
        store.bus.subscribe(.user(user.id), subscriber: sessionWatch) { [self] event in
            if user.isEnded(by: event) { end(because: "the session ended") }
        }
    }

    /// What a client is sent first: for each topic, what it missed since its number (when
    /// that is few enough and still kept) or a snapshot; and whether the stream's game is
    /// over already, so that nothing follows.
    struct Opening {
        var lines: [ByteBuffer] = []
        var gameOver = false
    }

    /// Reads the opening. Throws what the route answers instead of a stream: a game that is
    /// not there or not the user's to see.
    func opening() async throws -> Opening {
        var opening = Opening()
        for (topic, after) in topics {
            let current = try await reads.read(topic)
            opening.lines += try await catchUp(on: topic, after: after, through: current.seq, game: current.game)
            lastSeq.withLockedValue { $0[topic] = current.seq }
            if topic == game.map(Topic.game), current.game?.phase == .finished { opening.gameOver = true }
        }
        return opening
    }

    private var reads: TopicReads { TopicReads(store: store, user: user.id) }

    /// Writes the opening lines, then every input in turn until the stream ends: the game
    /// finished, the server stops, the session ended, the client fell behind or went away.
    func run(opening: Opening, writer: any AsyncBodyStreamWriter, keepAlive: TimeInterval) async throws {
        let ticks = Task { [queue] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(keepAlive))
                queue.yield(.keepAlive)
            }
        }
        defer {
            ticks.cancel()
            stopListening()
        }
        for line in opening.lines { try await write(line, to: writer) }
        if opening.gameOver { return }
        for await input in inputs {
            switch input {
            case .keepAlive:
                try await writer.write(.buffer(ByteBuffer(string: "\n")))
            case .end(let reason):
                logger.info("stream ended", metadata: ["stream": "\(id)", "reason": "\(reason)"])
                return
            case .event(let event):
                guard try await deliver(event, to: writer) else { return }
            }
        }
    }

    /// Writes `event` when it is the next of its topic, after what a gap left out; false
    /// when it finished the stream's game.
    private func deliver(_ event: StoredEvent, to writer: any AsyncBodyStreamWriter) async throws -> Bool {
        guard let last = lastSeq.withLockedValue({ $0[event.topic] }), event.seq > last else { return true }
        if event.seq > last + 1 {
            // An event committed by another writer has not arrived yet: what is missing first.
            for line in try await catchUp(on: event.topic, after: last, through: event.seq - 1, game: nil) {
                try await write(line, to: writer)
            }
        }
        try await write(event.message, to: writer)
        lastSeq.withLockedValue { $0[event.topic] = event.seq }
        return !(event.topic == game.map(Topic.game) && Self.finishesGame(event))
    }

    /// What a client that had `after` of `topic` is missing through `last`: the events
    /// themselves while they may be resumed, else the topic's snapshot at `last` (of `game`
    /// when its row was read with the number).
    private func catchUp(on topic: Topic, after: Int?, through last: Int, game: GameRow?) async throws -> [ByteBuffer] {
        if TopicReads.resumes(after: after, through: last, limit: store.context.configuration.resumeLimit), let after,
           let events = store.missedEvents(on: topic, after: after, through: last) {
            return events.map(\.message)
        }
        let snapshot = try await reads.snapshot(of: topic, game: game)
        return [ByteBuffer(bytes: try WireJSON.encode(ServerMessage.snapshot(topic: topic, seq: last, snapshot: snapshot)))]
    }

    private static func finishesGame(_ event: StoredEvent) -> Bool {
        guard event.payload.contains(#""game_finished""#) else { return false }
        return (try? Wire.decoder.decode(TopicEvent.self, from: Data(event.payload.utf8)))?.kind == .gameFinished
    }

    private func write(_ line: ByteBuffer, to writer: any AsyncBodyStreamWriter) async throws {
        var line = line
        line.writeString("\n")
        try await writer.write(.buffer(line))
    }

    /// Ends the stream after what it holds; safe from any thread.
    func end(because reason: String) {
        queue.yield(.end(reason: reason))
        queue.finish()
    }

    private func put(_ input: Input) {
        if case .dropped = queue.yield(input) {
            logger.notice("stream ended: the client fell behind", metadata: ["stream": "\(id)"])
            queue.finish()
        }
    }

    func stopListening() {
        for (topic, _) in topics { store.bus.unsubscribe(topic, subscriber: id) }
        store.bus.unsubscribe(.user(user.id), subscriber: sessionWatch)
        queue.finish()
    }
}
