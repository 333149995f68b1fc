import Foundation
import OXOClient
@testable import OXOCore
import OXOProtocol
import Testing

/// Two servers on one PostgreSQL database, as two processes behind a load balancer would
/// be. With SQLite there is one process by design, so these run on PostgreSQL only.
@Suite(
    "Two servers on one database",
    .enabled(if: TestStorage.postgresURL != nil, "set OXO_TEST_DATABASE_URL=postgres://… to run the many-process tests")
)
struct ManyProcessesTests {
    /// Two servers on one database, on one `clock` when given (two machines' clocks agree).
    func withTwoServers(clock: ManualClock? = nil, _ body: (TestServer, TestServer) async throws -> Void) async throws {
        let first = try await TestServer.start(clock: clock)
        do {
            let second = try await TestServer.start(clock: clock, storage: first.configuration.storage)
            do {
                try await body(first, second)
                try await second.stop()
            } catch {
                try? await second.stop()
                throw error
            }
            try await first.stop()
        } catch {
            try? await first.stop()
            throw error
        }
    }

    /// "Your turn" is read from the games both processes share: a move through one is the
    /// player's turn through either, and their move through either takes it away.
    @Test func yourTurnIsTheSameThroughEitherProcess() async throws {
        try await withTwoServers { first, second in
            let alice = try await first.player("alice")
            let bobHere = try await first.player("bob")
            let bobThere = OXOClient(baseURL: URL(string: second.baseURL)!, token: await bobHere.token)
            var game = try await bobHere.join(try await alice.createGame(side: .x).id)
            for mover in [bobHere, bobThere] {
                game = try await alice.move(game.moves.count, in: game)  // through the first server
                #expect(try await bobHere.notifications().notifications.map(\.game) == [game.id])
                #expect(try await bobThere.notifications().notifications.map(\.game) == [game.id])
                game = try await mover.move(game.moves.count + 3, in: game)
                #expect(try await bobHere.notifications().unread == 0)
                #expect(try await bobThere.notifications().notifications.isEmpty)
            }
        }
    }

    @Test func aWatcherOnOneServerSeesMovesMadeThroughTheOther() async throws {
        try await withTwoServers { first, second in
            let alice = try await first.player("alice"), bob = try await second.player("bob")
            let carol = try await second.player("carol")
            var game = try await bob.join(try await alice.createGame(side: .x).id)
            let topic = Topic.game(game.id)
            let watching = try await carol.connect(following: [topic])
            _ = try await watching.updates { if case .snapshot = $0 { true } else { false } }
            for (index, cell) in [0, 3, 1, 4, 2].enumerated() {
                // Alice's moves go through the first server, Bob's through the second.
                game = index % 2 == 0 ? try await alice.move(cell, in: game) : try await bob.move(cell, in: game)
            }
            let seen = try await watching.events(until: .gameFinished, on: topic).events(on: topic)
            let moves = seen.filter { $0.event.kind == .movePlayed }.map { $0.event.game?.moves.count }
            #expect(moves == [1, 2, 3, 4])
            #expect(seen.map(\.seq) == Array(seen[0].seq ..< seen[0].seq + seen.count), "in order, none twice")
            #expect(seen.last?.event.game?.result?.winner == .x)
            await watching.close()
        }
    }

    @Test func joinersSpreadOverBothServersSeatExactlyOne() async throws {
        try await withTwoServers { first, second in
            let host = try await first.player("host")
            let game = try await host.createGame(side: .x)
            var joiners: [OXOClient] = []
            for index in 0..<30 {
                joiners.append(try await (index % 2 == 0 ? first : second).player("joiner\(index)"))
            }
            let outcomes = await concurrently(joiners) { try await $0.join(game.id) }
            #expect(outcomes.filter { (try? $0.get()) != nil }.count == 1)
            let codes = outcomes.compactMap { outcome -> ErrorCode? in
                if case .failure(let error as APIError) = outcome { return error.code }
                return nil
            }
            #expect(codes.count == 29 && codes.allSatisfy { $0 == .seatTaken })
        }
    }

    /// Each server's change reads the game, then stores the move in one statement that counts
    /// it only while the game still counts what was read: of two moves with one number sent
    /// through both servers at once, one is applied and the other refused as stale, game
    /// after game, whichever commits first.
    @Test func ofTwoMovesWithOneNumberThroughTwoServersAtOnceExactlyOneIsApplied() async throws {
        try await withTwoServers { first, second in
            let alice = try await first.player("alice"), bob = try await first.player("bob")
            let aliceThere = OXOClient(baseURL: URL(string: second.baseURL)!, token: await alice.token)
            for _ in 0..<10 {
                let game = try await bob.join(try await alice.createGame(side: .x).id)
                let answers = await concurrently([(alice, 0), (aliceThere, 1), (alice, 2), (aliceThere, 3)]) { client, cell in
                    try await client.move(game: game.id, cell: cell, moveNumber: 1)
                }
                #expect(answers.compactMap { try? $0.get() }.count == 1)
                let codes = answers.compactMap { answer -> ErrorCode? in
                    if case .failure(let error as APIError) = answer { return error.code }
                    return nil
                }
                #expect(codes == [.staleState, .staleState, .staleState])
                let stored = try await alice.game(game.id)
                #expect(stored.moves.count == 1)
                // The game goes on from the move that was applied.
                #expect(try await bob.move(game: game.id, cell: 4, moveNumber: 2).moves.count == 2)
            }
        }
    }

    /// A server's group reads its moves' games at the start of its transaction, so the other
    /// server may end a game before the move is stored: of a move and the opponent's
    /// resignation sent at once, the game ends with the move or without it, never with a
    /// move after its end.
    @Test func aMoveAndAResignationThroughTwoServersAtOnceLeaveNoMoveAfterTheEnd() async throws {
        try await withTwoServers { first, second in
            let alice = try await first.player("alice"), bob = try await first.player("bob")
            let aliceThere = OXOClient(baseURL: URL(string: second.baseURL)!, token: await alice.token)
            for _ in 0..<12 {
                let game = try await alice.move(0, in: try await bob.join(try await alice.createGame(side: .x).id))
                async let moved = try? await bob.move(game: game.id, cell: 4, moveNumber: 2)
                async let resigned = aliceThere.resign(game.id)
                let (move, ended) = try await (moved, resigned)
                let stored = try await alice.game(game.id)
                #expect(stored.phase == .finished && stored.result?.reason == .resignation)
                #expect(stored.moves.count == ended.moves.count, "no move stored after the resignation")
                #expect(stored.moves.count == (move == nil ? 1 : 2))
            }
        }
    }

    /// Deleting an account resigns its live games the same way: a deletion through one server
    /// and the opponent's move through the other, at once, delete the account and leave the
    /// game ended with the move or without it.
    @Test func anAccountDeletedWhileItsOpponentMovesThroughTheOtherServerIsDeletedAndHidesNoMove() async throws {
        try await withTwoServers { first, second in
            for round in 0..<8 {
                let alice = try await first.player("alice\(round)"), bob = try await first.player("bob\(round)")
                let aliceThere = OXOClient(baseURL: URL(string: second.baseURL)!, token: await alice.token)
                let game = try await alice.move(0, in: try await bob.join(try await alice.createGame(side: .x).id))
                async let moved = try? await bob.move(game: game.id, cell: 4, moveNumber: 2)
                async let deleted: Void = aliceThere.deleteAccount(password: "password-alice\(round)")
                let (move, _) = try await (moved, deleted)
                let stored = try await bob.game(game.id)
                #expect(stored.phase == .finished && stored.result?.reason == .resignation && stored.result?.winner == .o)
                #expect(stored.moves.count == (move == nil ? 1 : 2))
            }
        }
    }

    @Test func aPlayerIsOnlineOnEveryServerWhileAnyOfTheirSocketsIsOpenOnAny() async throws {
        try await withTwoServers { first, second in
            let alice = try await first.player("alice"), bob = try await second.player("bob")
            let secondDevice = try await OXOClient.login("alice", password: "password-alice", at: URL(string: second.baseURL)!)
            let onFirst = try await alice.goOnline(), onSecond = try await secondDevice.goOnline()
            #expect(try await bob.onlinePlayers().players.map(\.player.username) == ["alice"])

            await onFirst.close()
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await bob.onlinePlayers().players.map(\.player.username) == ["alice"], "her socket on the second server is open")
            let watching = try await bob.goOnline(following: [.presence])
            await onSecond.close()
            let gone = try await watching.event(on: .presence) { $0.presence?.status == .offline }
            #expect(gone.presence?.player.username == "alice")
            #expect(try await alice.onlinePlayers().players.map(\.player.username) == ["bob"])
            await watching.close()
        }
    }

    @Test func twentyPlayersOnTwoServersPressingPlayRandomAtOnceMakeTenGames() async throws {
        try await withTwoServers { first, second in
            var players: [(client: OXOClient, live: RealtimeConnection)] = []
            for index in 0..<20 {
                let client = try await (index % 2 == 0 ? first : second).player("player\(index)")
                players.append((client, try await client.goOnline()))
            }
            let answers = await concurrently(players) { try await $0.client.playRandom() }
            var gameOf: [Int: GameID] = [:]
            for (index, answer) in answers.enumerated() {
                if let game = try answer.get().game {
                    gameOf[index] = game.id
                } else {
                    let inbox = try await players[index].client.inboxTopic()
                    gameOf[index] = try await players[index].live.event(on: inbox) { $0.kind == .gameStarted }.game?.id
                }
            }
            #expect(gameOf.count == 20)
            #expect(Dictionary(grouping: gameOf.values, by: { $0 }).values.map(\.count).sorted() == Array(repeating: 2, count: 10))
            for player in players { await player.live.close() }
        }
    }

    /// PostgreSQL refuses a notification of 8000 bytes or more: such an event is announced
    /// in parts, which the other process joins.
    @Test func anEventTooLargeForANotificationReachesTheOtherServerAllTheSame() async throws {
        try await withTwoServers { first, second in
            let room = ChatRoom.conversation(ConversationID(rawValue: UUID()))
            let sender = PlayerSummary(id: UserID(rawValue: UUID()), username: "alice", displayName: "Alice", avatar: "")
            let texts = [String(repeating: "é", count: 5_000), "short"]
            let heard = AsyncStream<StoredEvent>.makeStream()
            second.app.store.bus.subscribe(.chat(room), subscriber: UUID()) { heard.continuation.yield($0) }
            for text in texts {
                let message = ChatMessage(id: ChatMessageID(rawValue: UUID()), room: room, seq: 0, sender: sender,
                                          text: text, photo: nil, sentAt: Date(), deleted: false)
                try await first.app.store.change { $0.log(.messagePosted(message), to: [.chat(room)]) }
            }
            let relayed = try await within {
                var relayed: [String] = []
                for await event in heard.stream {
                    relayed.append(event.payload)
                    if relayed.count == texts.count { break }
                }
                return relayed
            }
            #expect(relayed.count == 2)
            #expect(relayed.first?.contains(texts[0]) == true, "the 10 kB event, joined from its parts")
            #expect(relayed.last?.contains("\"short\"") == true, "the small one, carried in its announcement")
        }
    }
}
