import Foundation
import OXOProtocol
import Testing
import TicTacToe

/// The exact JSON of each message kind. A change here changes the wire for every client,
/// so it must be deliberate.
@Suite("Golden JSON")
struct GoldenJSONTests {
    static let gameID = GameID("6f1c1e0a-7a3b-4c1d-9e2f-0a1b2c3d4e5f")!
    static let userID = UserID("11111111-2222-3333-4444-555555555555")!
    static let date = Date(timeIntervalSince1970: 1_800_000_000.25)
    static let alice = PlayerSummary(id: userID, username: "alice", displayName: "Alice",
                                     avatar: "/v1/avatars/stock.svg?name=Alice&seed=alice")

    static let game = GameView(
        id: gameID, code: "K7QX3M", mode: .online, listed: true, phase: .live,
        x: Seat(player: alice), o: Seat(computer: .perfect),
        moves: [MoveRecord(number: 1, cell: 4, mark: .x, playedAt: date)],
        board: Grid("....X....")!, turn: .o, result: nil, watchers: 2, createdAt: date)

    func json(_ value: some Encodable) throws -> String {
        String(decoding: try Wire.encoder.encode(value), as: UTF8.self)
    }

    func expectRoundTrip<T: Codable & Equatable>(_ value: T, _ golden: String) throws {
        #expect(try json(value) == golden)
        #expect(try Wire.decoder.decode(T.self, from: Data(golden.utf8)) == value)
    }

    @Test func aBotIsMarkedAndAPersonLeavesTheMarkOut() throws {
        let robot = PlayerSummary(id: Self.userID, username: "robot", displayName: "Robot", avatar: "/v1/media/0a", bot: true)
        try expectRoundTrip(robot,
            #"{"avatar":"/v1/media/0a","bot":true,"display_name":"Robot","id":"11111111-2222-3333-4444-555555555555","username":"robot"}"#)
        #expect(try !json(Self.alice).contains("bot"))
        #expect(try WireJSON.string(robot) == json(robot), "the hand-written encoding agrees")
    }

    @Test func clientMessages() throws {
        try expectRoundTrip(ClientMessage.subscribe(id: "1", topic: .game(Self.gameID), after: 7),
            #"{"after":7,"id":"1","topic":"game:6f1c1e0a-7a3b-4c1d-9e2f-0a1b2c3d4e5f","type":"subscribe"}"#)
        try expectRoundTrip(ClientMessage.subscribe(id: nil, topic: .lobby, after: nil), #"{"topic":"lobby","type":"subscribe"}"#)
        try expectRoundTrip(ClientMessage.unsubscribe(id: "2", topic: .user(Self.userID)),
            #"{"id":"2","topic":"user:11111111-2222-3333-4444-555555555555","type":"unsubscribe"}"#)
        try expectRoundTrip(ClientMessage.move(id: "3", game: Self.gameID, cell: 4, moveNumber: 1),
            #"{"cell":4,"game":"6f1c1e0a-7a3b-4c1d-9e2f-0a1b2c3d4e5f","id":"3","move_number":1,"type":"move"}"#)
        try expectRoundTrip(ClientMessage.ping(id: "4"), #"{"id":"4","type":"ping"}"#)
    }

    @Test func serverMessages() throws {
        try expectRoundTrip(ServerMessage.pong(id: "4"), #"{"id":"4","type":"pong"}"#)
        try expectRoundTrip(ServerMessage.pong(id: "5", serverTime: Date(timeIntervalSince1970: 1_800_000_000)),
            #"{"id":"5","server_time":"2027-01-15T08:00:00.000Z","type":"pong"}"#)
        try expectRoundTrip(ServerMessage.ack(id: "1", game: nil, seq: 9), #"{"id":"1","seq":9,"type":"ack"}"#)
        try expectRoundTrip(ServerMessage.error(id: "3", error: APIError(.notYourTurn, "It is X's turn.")),
            #"{"error":{"code":"not_your_turn","message":"It is X's turn."},"id":"3","type":"error"}"#)
        try expectRoundTrip(ServerMessage.welcome(user: Self.alice),
            #"{"type":"welcome","user":{"avatar":"/v1/avatars/stock.svg?name=Alice&seed=alice","display_name":"Alice","id":"11111111-2222-3333-4444-555555555555","username":"alice"}}"#)
    }

    @Test func aGameEvent() throws {
        let golden = #"{"event":{"game":{"board":"....X....","code":"K7QX3M","created_at":"2027-01-15T08:00:00.250Z","id":"6f1c1e0a-7a3b-4c1d-9e2f-0a1b2c3d4e5f","listed":true,"mode":"online","moves":[{"cell":4,"mark":"X","number":1,"played_at":"2027-01-15T08:00:00.250Z"}],"o":{"computer":"perfect"},"phase":"live","turn":"O","variant":"classic","watchers":2,"x":{"player":{"avatar":"/v1/avatars/stock.svg?name=Alice&seed=alice","display_name":"Alice","id":"11111111-2222-3333-4444-555555555555","username":"alice"}}},"kind":"move_played"},"seq":3,"topic":"game:6f1c1e0a-7a3b-4c1d-9e2f-0a1b2c3d4e5f","type":"event"}"#
        try expectRoundTrip(ServerMessage.event(topic: .game(Self.gameID), seq: 3, event: .movePlayed(Self.game)), golden)
    }

    @Test func presenceAndChallengeEvents() throws {
        let alice = Self.alice
        try expectRoundTrip(ServerMessage.event(topic: .presence, seq: 5, event: .presenceChanged(OnlinePlayer(player: alice, status: .playing))),
            #"{"event":{"kind":"presence_changed","presence":{"player":{"avatar":"/v1/avatars/stock.svg?name=Alice&seed=alice","display_name":"Alice","id":"11111111-2222-3333-4444-555555555555","username":"alice"},"status":"playing"}},"seq":5,"topic":"presence","type":"event"}"#)
        let bob = PlayerSummary(id: UserID("99999999-8888-7777-6666-555555555555")!, username: "bob", displayName: "Bob",
                                avatar: "/v1/media/" + String(repeating: "ab", count: 32))
        let challenge = Challenge(id: ChallengeID("aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee")!, challenger: alice, opponent: bob, side: .o,
                                  state: .pending, seen: false, game: nil, createdAt: Self.date, expiresAt: Self.date.addingTimeInterval(60))
        try expectRoundTrip(TopicEvent.challengeChanged(challenge),
            #"{"challenge":{"challenger":{"avatar":"/v1/avatars/stock.svg?name=Alice&seed=alice","display_name":"Alice","id":"11111111-2222-3333-4444-555555555555","username":"alice"},"created_at":"2027-01-15T08:00:00.250Z","expires_at":"2027-01-15T08:01:00.250Z","id":"aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee","opponent":{"avatar":"/v1/media/abababababababababababababababababababababababababababababababab","display_name":"Bob","id":"99999999-8888-7777-6666-555555555555","username":"bob"},"seen":false,"side":"O","state":"pending","variant":"classic"},"kind":"challenge_changed"}"#)
        #expect(TopicEvent.challengeChanged(challenge).game == nil)
        #expect(TopicEvent.gameFinished(Self.game).kind == .gameFinished)
    }

    @Test func aSessionEndedEvent() throws {
        let session = SessionID("22222222-3333-4444-5555-666666666666")!
        try expectRoundTrip(ServerMessage.event(topic: .user(Self.userID), seq: 8, event: .sessionEnded(session)),
            #"{"event":{"kind":"session_ended","session":"22222222-3333-4444-5555-666666666666"},"seq":8,"topic":"user:11111111-2222-3333-4444-555555555555","type":"event"}"#)
        #expect(TopicEvent.sessionEnded(session).game == nil)
    }

    @Test func socialEventsOnTheInbox() throws {
        let alice = PlayerSummary(id: Self.userID, username: "alice", displayName: "Sam", avatar: "/v1/media/" + String(repeating: "cd", count: 32))
        let id = NotificationID("33333333-4444-5555-6666-777777777777")!
        let notification = InboxNotification(id: id, kind: .friendRenamed, actor: alice, game: nil, challenge: nil,
                                             previousDisplayName: "Samuel", read: false, createdAt: Self.date)
        try expectRoundTrip(ServerMessage.event(topic: .user(Self.userID), seq: 9, event: .notificationAdded(notification)),
            #"{"event":{"kind":"notification_added","notification":{"actor":{"avatar":"/v1/media/cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd","display_name":"Sam","id":"11111111-2222-3333-4444-555555555555","username":"alice"},"created_at":"2027-01-15T08:00:00.250Z","id":"33333333-4444-5555-6666-777777777777","kind":"friend_renamed","previous_display_name":"Samuel","read":false}},"seq":9,"topic":"user:11111111-2222-3333-4444-555555555555","type":"event"}"#)
        try expectRoundTrip(TopicEvent.notificationsRead(NotificationsRead(notification: id, unread: 2)),
            #"{"kind":"notifications_read","read":{"notification":"33333333-4444-5555-6666-777777777777","unread":2}}"#)
        try expectRoundTrip(TopicEvent.notificationsRead(NotificationsRead(notification: nil, unread: 0)),
            #"{"kind":"notifications_read","read":{"unread":0}}"#)
        try expectRoundTrip(TopicEvent.playerRenamed(alice),
            #"{"kind":"player_renamed","player":{"avatar":"/v1/media/cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd","display_name":"Sam","id":"11111111-2222-3333-4444-555555555555","username":"alice"}}"#)
        try expectRoundTrip(TopicEvent.hiddenChanged([Self.userID]),
            #"{"hidden":["11111111-2222-3333-4444-555555555555"],"kind":"hidden_changed"}"#)
        try expectRoundTrip(TopicEvent.hiddenChanged([]), #"{"hidden":[],"kind":"hidden_changed"}"#)
        #expect(TopicEvent.notificationAdded(notification).game == nil)
    }

    @Test func aSnapshotAndAFinishedGame() throws {
        let finished = GameResult(winner: .x, reason: .line, line: [0, 4, 8])
        try expectRoundTrip(finished, #"{"line":[0,4,8],"reason":"line","winner":"X"}"#)
        try expectRoundTrip(GameResult(winner: nil, reason: .draw, line: nil), #"{"reason":"draw"}"#)
        try expectRoundTrip(ServerMessage.snapshot(topic: .lobby, seq: 0, snapshot: .lobby(open: [], live: [])),
            #"{"seq":0,"snapshot":{"live":[],"open":[]},"topic":"lobby","type":"snapshot"}"#)
        try expectRoundTrip(TopicSnapshot.inbox(games: [], challenges: []), #"{"challenges":[],"games":[]}"#)
        try expectRoundTrip(TopicSnapshot.presence(online: []), #"{"online":[]}"#)
        #expect(try json(TopicSnapshot.game(Self.game)) == "{\"game\":\(try json(Self.game))}")
        #expect(try Wire.decoder.decode(TopicSnapshot.self, from: Data(json(TopicSnapshot.game(Self.game)).utf8)) == .game(Self.game))
    }

    @Test func requestsAndErrors() throws {
        try expectRoundTrip(MoveRequest(cell: 8, moveNumber: 5), #"{"cell":8,"move_number":5}"#)
        try expectRoundTrip(CreateGameRequest(side: .o, listed: false, mode: .computer, level: .hard),
            #"{"level":"hard","listed":false,"mode":"computer","side":"O"}"#)
        try expectRoundTrip(RegisterRequest(username: "alice", email: "a@example.org", password: "correct horse", displayName: "Alice"),
            #"{"display_name":"Alice","email":"a@example.org","password":"correct horse","username":"alice"}"#)
        try expectRoundTrip(ErrorResponse(error: APIError(.staleState, "Move 3 is not next.", game: nil)),
            #"{"error":{"code":"stale_state","message":"Move 3 is not next."}}"#)
    }

    @Test func anAccountSaysItsLanguageOrNullAndRequestsMaySendOne() throws {
        let own = UserView(id: Self.userID, username: "alice", email: "alice@example.org", displayName: "Alice",
                           previousDisplayNames: [], createdAt: Self.date, avatar: "/v1/media/0a", emailVerified: true)
        let account = #""avatar":"/v1/media/0a","created_at":"2027-01-15T08:00:00.250Z","display_name":"Alice","email":"alice@example.org","email_verified":true,"guest":false,"id":"11111111-2222-3333-4444-555555555555""#
        try expectRoundTrip(own, "{\(account),\"language\":null,\"previous_display_names\":[],\"username\":\"alice\"}")
        let french = UserView(id: Self.userID, username: "alice", email: "alice@example.org", displayName: "Alice",
                              previousDisplayNames: [], createdAt: Self.date, avatar: "/v1/media/0a", emailVerified: true,
                              language: .fr)
        try expectRoundTrip(french, "{\(account),\"language\":\"fr\",\"previous_display_names\":[],\"username\":\"alice\"}")
        // An account from a server that knew no languages: none chosen.
        #expect(try Wire.decoder.decode(UserView.self, from: Data("{\(account),\"previous_display_names\":[],\"username\":\"alice\"}".utf8)) == own)
        #expect(Language.allCases.map(\.rawValue) == ["en", "es", "fr"])

        try expectRoundTrip(UpdateMeRequest(language: .es), #"{"language":"es"}"#)
        try expectRoundTrip(UpdateMeRequest(displayName: "Al", language: .fr), #"{"display_name":"Al","language":"fr"}"#)
        try expectRoundTrip(UpdateMeRequest(displayName: "Al"), #"{"display_name":"Al"}"#)
        try expectRoundTrip(RegisterRequest(username: "alice", email: "a@example.org", password: "correct horse", language: .fr),
            #"{"email":"a@example.org","language":"fr","password":"correct horse","username":"alice"}"#)
        try expectRoundTrip(GuestRequest(language: .es), #"{"language":"es"}"#)
        #expect(throws: DecodingError.self) { try Wire.decoder.decode(UpdateMeRequest.self, from: Data(#"{"language":"de"}"#.utf8)) }
    }

    @Test func aProfileAndALeaderboardPage() throws {
        let alice = PlayerSummary(id: Self.userID, username: "alice", displayName: "Alice",
                                  avatar: "/v1/avatars/stock.svg?name=Alice&seed=alice")
        let rating = Rating(value: 1587.25, deviation: 96.5, volatility: 0.06, provisional: false)
        try expectRoundTrip(rating, #"{"deviation":96.5,"provisional":false,"value":1587.25,"volatility":0.06}"#)
        try expectRoundTrip(RatingPoint(game: Self.gameID, at: Self.date, value: 1587.25, deviation: 96.5),
            #"{"at":"2027-01-15T08:00:00.250Z","deviation":96.5,"game":"6f1c1e0a-7a3b-4c1d-9e2f-0a1b2c3d4e5f","value":1587.25}"#)
        let own = Profile(player: alice, joinedAt: Self.date, guest: false, record: PlayerRecord(won: 3, lost: 1, drawn: 2),
                          rating: rating, ratingHistory: [], currentGames: [], online: true, lastSeenAt: nil, series: nil)
        try expectRoundTrip(own,
            #"{"current_games":[],"guest":false,"joined_at":"2027-01-15T08:00:00.250Z","online":true,"player":{"avatar":"/v1/avatars/stock.svg?name=Alice&seed=alice","display_name":"Alice","id":"11111111-2222-3333-4444-555555555555","username":"alice"},"rating":{"deviation":96.5,"provisional":false,"value":1587.25,"volatility":0.06},"rating_history":[],"record":{"drawn":2,"lost":1,"won":3}}"#)
        let row = LeaderboardRow(rank: 2, player: alice, rating: rating, record: .none, weeklyWins: 4)
        try expectRoundTrip(LeaderboardPage(order: .weeklyWins, rows: [row], nextCursor: "c", me: row, weekStart: Self.date),
            #"{"me":{"player":{"avatar":"/v1/avatars/stock.svg?name=Alice&seed=alice","display_name":"Alice","id":"11111111-2222-3333-4444-555555555555","username":"alice"},"rank":2,"rating":{"deviation":96.5,"provisional":false,"value":1587.25,"volatility":0.06},"record":{"drawn":0,"lost":0,"won":0},"weekly_wins":4},"next_cursor":"c","order":"weekly_wins","rows":[{"player":{"avatar":"/v1/avatars/stock.svg?name=Alice&seed=alice","display_name":"Alice","id":"11111111-2222-3333-4444-555555555555","username":"alice"},"rank":2,"rating":{"deviation":96.5,"provisional":false,"value":1587.25,"volatility":0.06},"record":{"drawn":0,"lost":0,"won":0},"weekly_wins":4}],"week_start":"2027-01-15T08:00:00.250Z"}"#)
        try expectRoundTrip(LeaderboardPage(order: .rating, rows: [], nextCursor: nil, me: nil), #"{"order":"rating","rows":[]}"#)
    }

    @Test func unknownMessagesAreRejected() {
        for bad in [#"{"type":"teleport"}"#, #"{"type":"move","game":"nope","cell":1,"move_number":1}"#,
                    #"{"type":"subscribe","topic":"games:1"}"#, #"{"topic":"lobby"}"#] {
            #expect(throws: DecodingError.self) { try Wire.decoder.decode(ClientMessage.self, from: Data(bad.utf8)) }
        }
    }

    @Test func topicsReadAndWriteTheirNames() {
        for topic in [Topic.lobby, .game(Self.gameID), .user(Self.userID)] {
            #expect(Topic(topic.description) == topic)
        }
        #expect(Topic("game:") == nil)
        #expect(Topic("user:not-a-uuid") == nil)
    }
}
