import AsyncHTTPClient
import Foundation
import OXOClient
import OXOCore
import OXOProtocol
import Testing
import TicTacToe

/// The streams of JSON lines: a program reads its account's challenges and a game's moves
/// as lines over plain HTTP, plays with ordinary POSTs, and picks up where it left off
/// after the connection or the server went.
@Suite("Streams of JSON lines")
struct StreamTests {
    @Test func twoProgramsPlayAWholeGameThroughTheStreamsAlone() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let url = URL(string: server.baseURL)!
            let made = try await bob.createAccessToken(named: "bot", scopes: [.read, .play, .challenge], expiresInDays: 1)
            let bobsProgram = Bot(client: OXOClient(baseURL: url, token: made.token))
            var happenings = bobsProgram.happenings().makeAsyncIterator()
            while try await !alice.onlinePlayers().players.contains(where: { $0.player.username == "bob" }) {
                try await Task.sleep(for: .milliseconds(20))
            }
            _ = try await alice.challenge(try await bob.id(), side: .x, variant: .fourInARow)

            guard case .challenged(let challenge)? = try await happenings.next() else { Issue.record("no challenge"); return }
            #expect(challenge.variant == .fourInARow)
            _ = try await bobsProgram.client.accept(challenge.id)
            guard case .playing(let started)? = try await happenings.next() else { Issue.record("no game"); return }

            async let alicePlays = Self.playFirstEmptyCells(as: .x, in: started.id, with: Bot(client: alice))
            async let bobPlays = Self.playFirstEmptyCells(as: .o, in: started.id, with: bobsProgram)
            let (seenByAlice, seenByBob) = try await (alicePlays, bobPlays)
            #expect(seenByAlice.phase == .finished && seenByBob.phase == .finished, "each stream ended with the game")
            #expect(seenByAlice.result == seenByBob.result && seenByAlice.result != nil)
            #expect(try await alice.game(started.id).moves.count == seenByBob.moves.count)
        }
    }

    /// Follows the game's states and plays the first empty cell on each turn of `mark`;
    /// returns the last state, once the stream has ended.
    static func playFirstEmptyCells(as mark: Mark, in game: GameID, with bot: Bot) async throws -> GameView {
        var last: GameView?
        for try await state in bot.states(of: game) {
            last = state
            if state.phase == .live, state.turn == mark, let cell = state.board.emptyCells.first {
                _ = try? await bot.client.move(game: game, cell: cell, moveNumber: state.moves.count + 1)
            }
        }
        return try #require(last)
    }

    /// The events a process kept went with it: a stream opened after a restart from the
    /// last number had starts with a snapshot, numbered above it, and goes on from there.
    @Test func aStreamAfterARestartStartsWithASnapshotAndNumbersOnFromIt() async throws {
        var server = try await TestServer.start()
        do {
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            var game = try await alice.createGame(side: .x)
            game = try await bob.join(game.id)
            var lines = try await bob.gameStream(game.id).makeAsyncIterator()
            guard case .snapshot(_, let first, .game(let view))? = try await lines.next() else { throw Self.missing("a snapshot") }
            #expect(view.id == game.id)
            game = try await alice.move(4, in: game)
            let seq = try await Self.events(from: &lines, through: .movePlayed).last!.seq
            #expect(seq > first)

            server = try await server.restarted()
            // Ended with the server, after what it had (Alice's and Bob's leaving, say): cleanly,
            // or cut off as it went.
            while case .success(_?) = await outcome({ try await lines.next() }) {}
            game = try await bob.move(0, in: game)
            var resumed = try await bob.gameStream(game.id, after: seq).makeAsyncIterator()
            var snapshot: (seq: Int, game: GameView)?
            while snapshot == nil, let message = try await resumed.next() {
                if case .snapshot(.game, let at, .game(let state)) = message { snapshot = (at, state) }
            }
            let (restartedAt, state) = try #require(snapshot)
            #expect(restartedAt > seq, "numbered above every number the last process gave")
            #expect(state.moves.map(\.cell) == [4, 0], "Bob's move, played while no stream was open")
            game = try await alice.move(8, in: game)
            let next = try await Self.events(from: &resumed, through: .movePlayed)
            #expect(next.map(\.seq) == Array(restartedAt + 1 ... restartedAt + next.count), "numbered on from the snapshot, none twice")
            #expect(next.last?.event.game?.moves.map(\.cell) == [4, 0, 8])
            try await server.stop()
        } catch {
            try? await server.stop()
            throw error
        }
    }

    /// The game's events up to the first of `kind`.
    static func events(from lines: inout AsyncThrowingStream<ServerMessage, any Error>.AsyncIterator, through kind: TopicEvent.Kind)
        async throws -> [(seq: Int, event: TopicEvent)] {
        var events: [(seq: Int, event: TopicEvent)] = []
        while let message = try await lines.next() {
            guard case .event(.game, let seq, let event) = message else { continue }
            events.append((seq, event))
            if event.kind == kind { return events }
        }
        throw missing("a \(kind.rawValue)")
    }

    static func missing(_ what: String) -> APIError { APIError(.internalError, "the stream ended before \(what)") }

    @Test func aGamesStreamCarriesItsPlayersChatResumedByItsOwnNumber() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            let room = ChatRoom.players(game.id)
            _ = try await alice.sendMessage("before", to: room)
            var lines = try await bob.gameStream(game.id).makeAsyncIterator()
            var chatSeq: Int?
            while chatSeq == nil, let message = try await lines.next() {
                if case .snapshot(.chat(room), let seq, .chat(let messages)) = message {
                    #expect(messages.map(\.text) == ["before"])
                    chatSeq = seq
                }
            }
            _ = try await alice.sendMessage("during", to: room)
            while let message = try await lines.next() {
                guard case .event(.chat(room), let seq, .messagePosted(let posted)) = message else { continue }
                #expect(posted.text == "during" && seq == chatSeq! + 1)
                break
            }
            var resumed = try await bob.gameStream(game.id, chatAfter: chatSeq).makeAsyncIterator()
            while let message = try await resumed.next() {
                guard case .event(.chat(room), _, .messagePosted(let posted)) = message else { continue }
                #expect(posted.text == "during", "only what came after the number given")
                break
            }
        }
    }

    @Test func aConnectionThatFallsSilentIsGivenUpAndTheGameFollowedOnANewOne() async throws {
        try await withServer { server in
            let proxy = try await CuttableProxy.start(to: server.port)
            let alice = try await server.player("alice")
            let aliceViaProxy = try await OXOClient.login("alice", password: "password-alice", at: URL(string: "http://127.0.0.1:\(proxy.port)")!)
            let carol = try await server.player("carol")
            let game = try await carol.join(try await alice.createGame(side: .x).id)
            var states = Bot(client: aliceViaProxy).states(of: game.id).makeAsyncIterator()
            #expect(try await states.next()?.moves.isEmpty == true)
            await proxy.silenceOpenConnections()
            let started = ContinuousClock.now
            _ = try await alice.move(4, in: game)
            var seen: GameView?
            repeat { seen = try await states.next() } while seen?.moves.isEmpty == true
            #expect(seen?.moves.map(\.cell) == [4], "the move, on a connection opened after the silent one was given up")
            #expect(ContinuousClock.now - started >= OXOClient.streamSilenceLimit, "given up for its silence, not sooner")
            await proxy.stop()
        }
    }

    @Test func aStreamIsRefusedWhatTheAccountMayNotSee() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob"), carol = try await server.player("carol")
            let url = URL(string: server.baseURL)!
            var hidden = try await alice.createGame(side: .x, listed: false)
            hidden = try await bob.join(hidden.id)
            #expect(await refusal { try await Self.firstLine(of: carol.gameStream(hidden.id)) } == .gameNotFound)
            #expect(await refusal { try await Self.firstLine(of: carol.gameStream(GameID(rawValue: UUID()))) } == .gameNotFound)
            let readless = try await alice.createAccessToken(named: "moves only", scopes: [.play], expiresInDays: 1)
            #expect(await refusal { try await Self.firstLine(of: OXOClient(baseURL: url, token: readless.token).accountStream()) }
                    == .insufficientScope)
            #expect(await refusal { try await Self.firstLine(of: OXOClient(baseURL: url).accountStream()) } == .unauthorized)
            let raw = try await RawHTTP(baseURL: server.baseURL).send(.GET, "/v1/me/stream?after=soon", token: try #require(await alice.token))
            #expect(raw.status == 400 && raw.error?.code == .invalidRequest)
        }
    }

    @Test func anAccountHoldsNoMoreStreamsThanSocketsAndAnIdleOneIsKeptOpen() async throws {
        try await withServer(adjust: { $0.maxSocketsPerUser = 2; $0.streamKeepAliveInterval = 0.2 }) { server in
            let alice = try await server.player("alice")
            var one = try await alice.accountStream().makeAsyncIterator(), two = try await alice.accountStream().makeAsyncIterator()
            guard case .snapshot(.user, _, .inbox)? = try await one.next(), case .snapshot? = try await two.next() else {
                throw Self.missing("the inbox's snapshot")
            }
            #expect(await refusal { try await Self.firstLine(of: alice.accountStream()) } == .rateLimited)
            _ = (one, two)
        }
        try await withServer(adjust: { $0.streamKeepAliveInterval = 0.2 }) { server in
            let alice = try await server.player("alice")
            var request = HTTPClientRequest(url: "\(server.baseURL)/v1/me/stream")
            request.headers.add(name: "Authorization", value: "Bearer \(try #require(await alice.token))")
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
            #expect(response.status == .ok && response.headers["Content-Type"] == ["application/x-ndjson"])
            var bytes = ""
            for try await chunk in response.body {
                bytes += String(buffer: chunk)
                if bytes.hasSuffix("\n\n\n") { break }
            }
            let lines = bytes.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first?.contains(#""type":"snapshot""#) == true && lines.dropFirst().prefix(2).allSatisfy(\.isEmpty),
                    "the snapshot, then empty lines while nothing happens")
        }
    }

    static func firstLine(of stream: AsyncThrowingStream<ServerMessage, any Error>) async throws -> ServerMessage? {
        var lines = stream.makeAsyncIterator()
        return try await lines.next()
    }
}
