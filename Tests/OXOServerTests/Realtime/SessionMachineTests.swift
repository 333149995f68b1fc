import Foundation
import OXOCore
@testable import OXOPlay
import OXOProtocol
@testable import OXOServer
import Testing
import TicTacToe

/// The socket session's decisions as values: what it does for each input, with the
/// answers of its effects handed in by the test, as `SocketSession` hands them in.
@Suite("The socket session decides as a function of its state")
struct SessionMachineTests {
    static let alice = UserID(rawValue: UUID()), bob = UserID(rawValue: UUID()), carol = UserID(rawValue: UUID())

    var machine = SessionMachine(user: alice, resumeLimit: 200, state: SessionState())

    @Test mutating func aPingIsAnsweredAndAnUnreadableMessageIsNotedAndRefused() {
        #expect(describe(machine.receive(.message(.success(.ping(id: "1"))))) == ["pong 1"])
        let refusal = ClientMessageReader.Refusal(id: "2", error: APIError(.invalidRequest, "What is this?"))
        #expect(describe(machine.receive(.message(.failure(refusal)))) == ["note invalid_request", "send error 2 invalid_request"])
    }

    @Test mutating func aResumeWithinTheLimitGetsTheMissedEventsThenItsAcknowledgement() {
        #expect(describe(subscribe(.lobby, after: 5)) == ["count"])
        #expect(describe(machine.receive(.subscriptionCounted(refusal: nil))) == ["listen lobby", "read lobby"])
        #expect(describe(machine.receive(.topicRead(.success(TopicRead(seq: 7, game: nil))))) == ["read missed lobby 5...7"])
        let missed = [event(.lobby, 6), event(.lobby, 7)]
        #expect(describe(machine.receive(.missedRead(.success(missed)))) == ["event lobby 6", "event lobby 7", "send ack 1 seq 7"])
        #expect(machine.state.lastSeq[.lobby] == 7 && machine.pending == nil)
    }

    @Test mutating func aResumeTooFarBackOrOfEventsNoLongerKeptGetsASnapshot() {
        _ = subscribe(.lobby, after: 5)
        _ = machine.receive(.subscriptionCounted(refusal: nil))
        #expect(describe(machine.receive(.topicRead(.success(TopicRead(seq: 300, game: nil))))) == ["read snapshot lobby 300"],
                "295 missed: past the limit of 200")
        #expect(describe(machine.receive(.snapshotRead(.success(.lobby(open: [], live: []))))) == ["send snapshot lobby 300", "send ack 1 seq 300"])

        _ = subscribe(.user(Self.alice), after: 1)
        _ = machine.receive(.subscriptionCounted(refusal: nil))
        _ = machine.receive(.topicRead(.success(TopicRead(seq: 4, game: nil))))
        #expect(describe(machine.receive(.missedRead(.success(nil)))) == ["read snapshot user 4"], "the events are gone")
    }

    @Test mutating func anotherUsersInboxIsForbiddenAndAChatRoomIsAskedFirst() {
        _ = subscribe(.user(Self.bob), after: nil)
        #expect(describe(machine.receive(.subscriptionCounted(refusal: nil))) == ["fail 1"])
        let room = ChatRoom.players(GameID(rawValue: UUID()))
        _ = subscribe(.chat(room), after: nil)
        #expect(describe(machine.receive(.subscriptionCounted(refusal: nil))) == ["check chat"])
        #expect(describe(machine.receive(.chatAccessChecked(refusal: APIError(.notAPlayer, "No.")))) == ["fail 1"])
        #expect(machine.pending == nil && machine.state.lastSeq.isEmpty)
    }

    @Test mutating func tenRefusedSubscriptionsInARowCloseTheSocketAndOneTakenStartsAgain() {
        let refusal = APIError(.rateLimited, "Wait.")
        for _ in 1...9 {
            _ = subscribe(.lobby, after: nil)
            #expect(describe(machine.receive(.subscriptionCounted(refusal: refusal))) == ["send error 1 rate_limited"])
        }
        _ = subscribe(.lobby, after: nil)
        _ = machine.receive(.subscriptionCounted(refusal: nil))
        #expect(machine.state.refusedInARow == 0, "a subscription taken starts the count again")
        _ = machine.receive(.topicRead(.failure(APIError(.storageUnavailable, "Down."))))
        for _ in 1...9 {
            _ = subscribe(.lobby, after: nil)
            _ = machine.receive(.subscriptionCounted(refusal: refusal))
        }
        _ = subscribe(.lobby, after: nil)
        #expect(describe(machine.receive(.subscriptionCounted(refusal: refusal))) == ["close 1008 rate_limited"])
    }

    @Test mutating func aFailedReadStopsListeningOnlyToATopicNotFollowedBefore() {
        _ = subscribe(.lobby, after: nil)
        _ = machine.receive(.subscriptionCounted(refusal: nil))
        #expect(describe(machine.receive(.topicRead(.failure(APIError(.gameNotFound, "No."))))) == ["stop lobby", "fail 1"])
        machine.state.lastSeq[.lobby] = 3
        _ = subscribe(.lobby, after: nil)
        _ = machine.receive(.subscriptionCounted(refusal: nil))
        #expect(describe(machine.receive(.topicRead(.failure(APIError(.gameNotFound, "No."))))) == ["fail 1"],
                "still followed: its listener stays")
    }

    @Test mutating func eventsLeaveInSequenceAndAGapIsCaughtUpFirst() {
        machine.state.lastSeq[.lobby] = 3
        #expect(describe(machine.receive(.event(event(.lobby, 4)))) == ["event lobby 4"])
        #expect(describe(machine.receive(.event(event(.lobby, 4)))).isEmpty, "sent already")
        #expect(describe(machine.receive(.event(event(.user(Self.bob), 1)))).isEmpty, "not followed")
        #expect(describe(machine.receive(.event(event(.lobby, 7)))) == ["read missed lobby 4...6"])
        #expect(describe(machine.receive(.missedRead(.success([event(.lobby, 5), event(.lobby, 6)]))))
                == ["event lobby 5", "event lobby 6", "event lobby 7"])
        #expect(machine.state.lastSeq[.lobby] == 7)
        #expect(describe(machine.receive(.event(event(.lobby, 9)))) == ["read missed lobby 7...8"])
        #expect(describe(machine.receive(.missedRead(.failure(APIError(.storageUnavailable, "Down."))))) == ["log lobby"])
        #expect(machine.state.lastSeq[.lobby] == 7 && machine.pending == nil)
    }

    /// After the relay between processes listened again: a topic whose stored number is
    /// past the socket's is caught up, from the history or with a snapshot, and the socket
    /// goes on from that number; one it has all of, or does not follow, is left alone.
    @Test mutating func aTopicBehindItsStoredNumberIsCaughtUpAndOneUpToDateIsLeftAlone() {
        machine.state.lastSeq[.lobby] = 3
        #expect(describe(machine.receive(.behind(.lobby, seq: 3))).isEmpty, "up to date")
        #expect(describe(machine.receive(.behind(.user(Self.bob), seq: 9))).isEmpty, "not followed")
        #expect(describe(machine.receive(.behind(.lobby, seq: 5))) == ["read missed lobby 3...5"])
        #expect(describe(machine.receive(.missedRead(.success(nil)))) == ["read snapshot lobby 5"], "not kept here")
        #expect(describe(machine.receive(.snapshotRead(.success(.lobby(open: [], live: [])))))
                == ["send snapshot lobby 5"])
        #expect(machine.state.lastSeq[.lobby] == 5 && machine.pending == nil)
        #expect(describe(machine.receive(.event(event(.lobby, 6)))) == ["event lobby 6"], "the next event follows the snapshot")

        #expect(describe(machine.receive(.behind(.lobby, seq: 8))) == ["read missed lobby 6...8"])
        #expect(describe(machine.receive(.missedRead(.success([event(.lobby, 7), event(.lobby, 8)]))))
                == ["event lobby 7", "event lobby 8"])
        #expect(machine.state.lastSeq[.lobby] == 8 && machine.pending == nil)
    }

    @Test mutating func aWatcherOfAGameIsCountedOnceAndLeavesWithItsRow() throws {
        let game = try Self.game(listed: true, x: Self.bob, o: Self.carol, phase: .live)
        let topic = Topic.game(game.gameID)
        _ = subscribe(topic, after: nil)
        _ = machine.receive(.subscriptionCounted(refusal: nil))
        #expect(describe(machine.receive(.topicRead(.success(TopicRead(seq: 2, game: game))))) == ["read snapshot game 2 of the row"])
        #expect(describe(machine.receive(.snapshotRead(.success(.game(try Self.view(game)))))) == ["send snapshot game 2", "look +1", "watch"])
        #expect(describe(machine.receive(.watcherAdded(.success(true)))) == ["send ack 1 seq 2"])
        #expect(machine.state.watching == [game.gameID] && machine.state.strangerAtUnlisted.isEmpty)
        #expect(describe(machine.receive(.message(.success(.unsubscribe(id: "3", topic: topic)))))
                == ["stop game", "look -1", "unwatch"])
        #expect(describe(machine.receive(.watcherRemoved(.success(())))) == ["send ack 3"])
        #expect(machine.state.watching.isEmpty && machine.state.lastSeq[topic] == nil)
    }

    @Test mutating func aStrangerAtAnUnlistedGameStopsHearingItWhenItStarts() throws {
        let open = try Self.game(listed: false, x: Self.bob, o: nil, phase: .open)
        let topic = Topic.game(open.gameID)
        _ = subscribe(topic, after: nil)
        _ = machine.receive(.subscriptionCounted(refusal: nil))
        _ = machine.receive(.topicRead(.success(TopicRead(seq: 1, game: open))))
        _ = machine.receive(.snapshotRead(.success(.game(try Self.view(open)))))
        _ = machine.receive(.watcherAdded(.success(true)))
        #expect(machine.state.strangerAtUnlisted == [open.gameID])
        var started = open
        started.oUserId = Self.carol.rawValue
        started.phase = .live
        let joined = try Self.payload(.playerJoined, Self.view(started))
        #expect(describe(machine.receive(.event(StoredEvent(topic: topic, seq: 2, payload: joined))))
                == ["stop game", "look -1", "unwatch"])
        #expect(describe(machine.receive(.watcherRemoved(.success(())))) == ["send error - game_not_found"])
        #expect(machine.state.strangerAtUnlisted.isEmpty && machine.state.lastSeq.isEmpty)
    }

    @Test mutating func aMoveIsHandedToTheWriterAndItsAnswerAcknowledged() throws {
        let id = GameID(rawValue: UUID())
        #expect(describe(machine.receive(.message(.success(.move(id: "5", game: id, cell: 4, moveNumber: 1))))) == ["play 4"])
        #expect(describe(machine.receive(.moveAnswered(.failure(APIError(.notYourTurn, "Wait."))))) == ["fail 5"])
    }

    // MARK: Helpers

    private mutating func subscribe(_ topic: Topic, after: Int?) -> [SessionEffect] {
        machine.receive(.message(.success(.subscribe(id: "1", topic: topic, after: after))))
    }

    private func event(_ topic: Topic, _ seq: Int) -> StoredEvent {
        StoredEvent(topic: topic, seq: seq, payload: "{}")
    }

    /// The effects in a few words each, to compare as text.
    private func describe(_ effects: [SessionEffect]) -> [String] {
        effects.map { effect in
            switch effect {
            case .send(.ack(let id, _, let seq)): "send ack \(id ?? "-")" + (seq.map { " seq \($0)" } ?? "")
            case .send(.error(let id, let error, _)): "send error \(id ?? "-") \(error.code.rawValue)"
            case .send(.snapshot(let topic, let seq, _)): "send snapshot \(Self.kind(topic)) \(seq)"
            case .send(let message): "send \(message)"
            case .sendEvent(let event): "event \(Self.kind(event.topic)) \(event.seq)"
            case .pong(let id): "pong \(id ?? "-")"
            case .countSubscription: "count"
            case .checkChatAccess: "check chat"
            case .listen(let topic): "listen \(Self.kind(topic))"
            case .stopListening(let topic): "stop \(Self.kind(topic))"
            case .readTopic(let topic): "read \(Self.kind(topic))"
            case .readMissed(let topic, let after, let through): "read missed \(Self.kind(topic)) \(after)...\(through)"
            case .readSnapshot(let topic, let seq, let game): "read snapshot \(Self.kind(topic)) \(seq)" + (game == nil ? "" : " of the row")
            case .look(_, let change): "look \(change > 0 ? "+" : "")\(change)"
            case .addWatcher: "watch"
            case .removeWatcher: "unwatch"
            case .play(_, let cell, _): "play \(cell)"
            case .fail(let request, _): "fail \(request ?? "-")"
            case .noteRefusal(let code): "note \(code.rawValue)"
            case .logDeliveryFailure(let topic, _): "log \(topic.map(Self.kind) ?? "-")"
            case .close(let code, let error): "close \(code) \(error.code.rawValue)"
            }
        }
    }

    private static func kind(_ topic: Topic) -> String {
        switch topic {
        case .lobby: "lobby"
        case .user: "user"
        case .game: "game"
        default: "\(topic)"
        }
    }

    /// A game's row as a read gives it.
    static func game(listed: Bool, x: UserID?, o: UserID?, phase: GamePhase) throws -> GameRow {
        let row: [String: Any?] = [
            "id": UUID().uuidString, "code": "K7QX3M", "mode": "online", "listed": listed, "x_user_id": x?.description,
            "o_user_id": o?.description, "creator_id": (x ?? o)!.description, "phase": phase.rawValue, "move_count": 0,
            "created_at": 0, "updated_at": 0, "watchers": 0,
        ]
        return try JSONDecoder().decode(GameRow.self, from: JSONSerialization.data(withJSONObject: row.compactMapValues { $0 }))
    }

    static func view(_ row: GameRow) throws -> GameView {
        try StoredGame(row: row, moves: []).view
    }

    static func payload(_ kind: TopicEvent.Kind, _ game: GameView) throws -> String {
        String(decoding: try Wire.encoder.encode(try #require(TopicEvent(kind, game: game))), as: UTF8.self)
    }
}
