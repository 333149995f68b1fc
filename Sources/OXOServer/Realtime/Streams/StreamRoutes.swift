import OXOAccounts
import OXOCore
import OXOPlay
import OXOProtocol
import OXOSocial
import Vapor

/// The streams of JSON lines (docs/PROTOCOL.md, "Streams"): the account's events, and a
/// game's with its players' chat, for programs that would rather read lines over HTTP
/// than speak WebSocket.
struct StreamRoutes {
    func register(signedIn: any RoutesBuilder) {
        signedIn.on(Operations.streamAccount) { request async throws -> Response in
            let user = try request.user
            return try await open([(.user(user.id), try request.sequenceNumber("after"))], game: nil, for: request)
        }
        signedIn.on(Operations.streamGame) { request async throws -> Response in
            let user = try request.user
            let game = try request.parameter("gameID", as: GameID.self)
            var topics: [(topic: Topic, after: Int?)] = [(.game(game), try request.sequenceNumber("after"))]
            let chatAfter = try request.sequenceNumber("chat_after")
            if let room = try await chatRoom(of: game, for: user, request: request) { topics.append((.chat(room), chatAfter)) }
            return try await open(topics, game: game, for: request)
        }
    }

    /// The players' room for a player, the watchers' for anyone else; none when the user
    /// may not read it (the game itself is checked with the topic).
    private func chatRoom(of game: GameID, for user: AuthenticatedUser, request: Request) async throws -> ChatRoom? {
        let store = request.application.store(on: request.eventLoop)
        guard let row = try? await store.reads.games.row(game) else { return nil }
        let room: ChatRoom = row.players.contains(user.id.rawValue) ? .players(game) : .watchers(game)
        do {
            _ = try await ChatAccess(database: store.sql).check(room, for: user.id.rawValue, writing: false, now: store.clock.now)
            return room
        } catch {
            return nil
        }
    }

    private func open(_ topics: [(topic: Topic, after: Int?)], game: GameID?, for request: Request) async throws -> Response {
        let application = request.application
        let configuration = application.oxo.configuration
        let store = application.store(on: request.eventLoop)
        let stream = EventStream(user: try request.user, topics: topics, game: game, store: store, logger: application.logger)
        if let refusal = application.streams.admit(stream, limit: configuration.maxSocketsPerUser) {
            if refusal.code == .rateLimited { ServerMetrics.rateLimited("open_streams") }
            throw refusal
        }
        // An account's stream shows its user online, as a socket does: a bot that plays
        // through the streams is there to be challenged. A game's stream is its player
        // looking at the game, as a socket that follows it is.
        let presence = game == nil ? PresenceService(store: store) : nil
        let (user, sockets, registry) = (stream.user.id, application.sockets, application.streams)
        let opening: EventStream.Opening
        do {
            stream.listen()
            opening = try await stream.opening()
            if let presence { try await presence.enter(stream) }
        } catch {
            stream.stopListening()
            registry.closed(stream)
            throw error
        }
        if let game { sockets.look(user, at: game, by: 1) }
        request.logger.info("stream opened", metadata: ["stream": "\(stream.id)", "topics": "\(topics.map { "\($0.topic)" })"])
        let keepAlive = configuration.streamKeepAliveInterval
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "application", subType: "x-ndjson")
        headers.cacheControl = HTTPHeaders.CacheControl(noStore: true)
        // Lines leave as they are written, not when a proxy's buffer fills (nginx).
        headers.replaceOrAdd(name: "X-Accel-Buffering", value: "no")
        return Response(status: .ok, headers: headers, body: .init(managedAsyncStream: { writer in
            let ran = await Result.of { try await stream.run(opening: opening, writer: writer, keepAlive: keepAlive) }
            registry.closed(stream)
            if let game { sockets.look(user, at: game, by: -1) }
            try? await presence?.leave(stream.id)
            try ran.get()
        }))
    }
}

private extension Request {
    /// A query item that is the last number a resuming client had of a topic.
    func sequenceNumber(_ name: String) throws(APIError) -> Int? {
        guard let text = query[String.self, at: name] else { return nil }
        guard let number = Int(text), number >= 0 else {
            throw APIError(.invalidRequest, "'\(name)' is the last number you had of the topic: a whole number, 0 or more.")
        }
        return number
    }
}

private extension PresenceService {
    /// Records the stream as one of its user's connections, unless the session ended.
    func enter(_ stream: EventStream) async throws {
        let open = try await withCheckedThrowingContinuation { continuation in
            enter(stream.id, user: stream.user) { continuation.resume(with: $0) }
        }
        guard open else { throw APIError(.unauthorized, "This session has expired or was signed out; sign in again.") }
    }
}
