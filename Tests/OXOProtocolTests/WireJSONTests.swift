import Foundation
import OXOProtocol
import Testing
import TicTacToe

/// The hand-written JSON of the hot messages is the encoder's, byte for byte, for every
/// shape a game can take and every character a name can hold.
@Suite("WireJSON writes what the encoder writes")
struct WireJSONTests {
    func expectSame(_ value: some Encodable, _ comment: Comment? = nil) throws {
        let fast = try WireJSON.string(value)
        let slow = String(decoding: try Wire.encoder.encode(value), as: UTF8.self)
        #expect(fast == slow, comment)
    }

    /// Every character below 0x80, the ones JSON escapes among them, and a few beyond.
    static let awkwardNames: [String] = [
        "Alice", "", "\"quoted\"", "back\\slash", "a/b", "tab\there", "line\nbreak", "\r\u{8}\u{C}",
        String((0..<0x20).map { Character(Unicode.Scalar($0)!) }), String((0x20..<0x80).map { Character(Unicode.Scalar($0)!) }),
        "Zoë 🎲", "\u{2028}\u{2029}", "\u{7F}", "<img src=x onerror=alert(1)>",
    ]

    static func randomGame(_ generator: inout some RandomNumberGenerator) throws -> GameView {
        func player() -> PlayerSummary {
            PlayerSummary(id: UserID(rawValue: UUID()), username: awkwardNames.randomElement(using: &generator)!,
                          displayName: awkwardNames.randomElement(using: &generator)!,
                          avatar: "/v1/avatars/stock.svg?name=" + awkwardNames.randomElement(using: &generator)!,
                          bot: Bool.random(using: &generator))
        }
        func seat() -> Seat? {
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: nil
            case 1: Seat(player: player())
            default: Seat(computer: Level.allCases.randomElement(using: &generator)!)
            }
        }
        var state = VariantGame(Variant.allCases.randomElement(using: &generator)!)
        var moves: [MoveRecord] = []
        for _ in 0..<Int.random(in: 0...state.variant.cellCount, using: &generator) {
            guard let cell = state.legalMoves.randomElement(using: &generator), let mark = state.turn else { break }
            state = try state.playing(index: cell)
            moves.append(MoveRecord(number: moves.count + 1, cell: cell, mark: mark,
                                    playedAt: Date(timeIntervalSince1970: Double.random(in: 1e9...2e9, using: &generator))))
        }
        let phase = [GamePhase.open, .live, .finished].randomElement(using: &generator)!
        let result: GameResult? = phase == .finished
            ? GameResult(winner: state.status.winner ?? Mark.allCases.randomElement(using: &generator),
                         reason: [.line, .draw, .resignation, .abandoned, .expired, .timeout].randomElement(using: &generator)!,
                         line: state.status.winningLine)
            : nil
        let away = Bool.random(using: &generator)
            ? [Absence(mark: .o, since: Date(timeIntervalSince1970: 1_800_000_000.5), claimableAt: Date(timeIntervalSince1970: 1_800_000_060.123))]
            : nil
        let rematch = Bool.random(using: &generator)
            ? Rematch(offeredBy: Array(Mark.allCases.prefix(Int.random(in: 0...2, using: &generator))),
                      game: Bool.random(using: &generator) ? GameID(rawValue: UUID()) : nil)
            : nil
        let timeControl = ([nil, .clock(minutes: 3, increment: 2), .correspondence(days: 7)] as [TimeControl?]).randomElement(using: &generator)!
        let clock = timeControl?.kind == .clock
            ? GameClock(xMs: Int.random(in: 0...3_600_000, using: &generator), oMs: Int.random(in: 0...3_600_000, using: &generator),
                        measuredAt: Date(timeIntervalSince1970: 1_800_000_001.5), running: phase == .live ? state.turn : nil)
            : nil
        let deadline = timeControl != nil && phase == .live ? Date(timeIntervalSince1970: 1_800_000_090.25) : nil
        return GameView(
            id: GameID(rawValue: UUID()), code: "K7QX3M", variant: state.variant,
            mode: [.online, .computer, .passAndPlay].randomElement(using: &generator)!,
            listed: Bool.random(using: &generator), phase: phase, x: seat(), o: seat(), moves: moves, board: Grid(state.cells),
            turn: phase == .live ? state.turn : nil, result: result, watchers: Int.random(in: 0...1000, using: &generator),
            createdAt: Date(timeIntervalSince1970: 1_800_000_000.25), away: away, rematch: rematch,
            timeControl: timeControl, clock: clock, deadline: deadline,
            activeBoard: phase == .live ? state.activeBoard : nil,
            smallBoards: state.variant == .ultimate ? String(state.smallBoardWinners.map { $0.map { Character($0.rawValue) } ?? "." }) : nil)
    }

    @Test func gamesEventsAndAnswersOfEveryShape() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let game = try Self.randomGame(&generator)
            try expectSame(game)
            for kind in [TopicEvent.Kind.gameOpened, .playerJoined, .movePlayed, .gameFinished, .watchersChanged, .yourTurn,
                         .gameStarted, .playerLeft, .playerReturned, .rematchChanged] {
                try expectSame(try #require(TopicEvent(kind, game: game)))
            }
            try expectSame(ServerMessage.ack(id: "7", game: game, seq: nil))
            try expectSame(ServerMessage.ack(id: nil, game: game, seq: 3))
        }
    }

    /// A move's game is written once and its bytes shared (`SharedGameJSON`): the next view
    /// of the same game, one field apart, is written anew, never the kept one.
    @Test func aGamesNextViewIsWrittenAnewAfterItsBytesWereShared() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let game = try Self.randomGame(&generator)
            let event = try #require(TopicEvent(.movePlayed, game: game))
            try expectSame(event)
            #expect(try WireJSON.encode(ServerMessage.ack(id: "1", game: game, seq: nil))
                == Array(try Wire.encoder.encode(ServerMessage.ack(id: "1", game: game, seq: nil))))
            let watched = GameView(
                id: game.id, code: game.code, variant: game.variant, mode: game.mode, listed: game.listed, phase: game.phase,
                x: game.x, o: game.o, moves: game.moves, board: game.board, turn: game.turn, result: game.result,
                watchers: game.watchers + 1, createdAt: game.createdAt, away: game.away, rematch: game.rematch,
                timeControl: game.timeControl, clock: game.clock, deadline: game.deadline, activeBoard: game.activeBoard,
                smallBoards: game.smallBoards)
            try expectSame(try #require(TopicEvent(.watchersChanged, game: watched)))
            try expectSame(event)
        }
    }

    @Test func notificationsOfEveryShape() throws {
        let alice = PlayerSummary(id: UserID(rawValue: UUID()), username: "alice", displayName: "A \"B\"\n", avatar: "/v1/media/0a")
        for kind in NotificationKind.allCases {
            for shape in 0..<16 {
                let notification = InboxNotification(
                    id: NotificationID(rawValue: UUID()), kind: kind, actor: shape & 1 == 0 ? alice : nil,
                    game: shape & 2 == 0 ? GameID(rawValue: UUID()) : nil, challenge: shape & 4 == 0 ? ChallengeID(rawValue: UUID()) : nil,
                    previousDisplayName: shape & 8 == 0 ? "Älice \\ <b>" : nil, read: shape % 3 == 0,
                    createdAt: Date(timeIntervalSince1970: 1_800_000_000.125 + Double(shape)))
                try expectSame(TopicEvent.notificationAdded(notification))
                try expectSame(notification)
            }
        }
    }

    @Test func aStoredEventsMessageIsTheEncodersOwn() throws {
        var generator = SystemRandomNumberGenerator()
        let room = ChatRoom.players(GameID(rawValue: UUID()))
        for topic in [Topic.lobby, .presence, .game(GameID(rawValue: UUID())), .user(UserID(rawValue: UUID())), .chat(room)] {
            let event = try #require(TopicEvent(.movePlayed, game: try Self.randomGame(&generator)))
            let payload = try WireJSON.string(event)
            let slow = String(decoding: try Wire.encoder.encode(ServerMessage.event(topic: topic, seq: 42, event: event)), as: UTF8.self)
            #expect(String(decoding: WireJSON.eventMessage(topic: topic, seq: 42, payload: payload), as: UTF8.self) == slow)
        }
    }

    @Test func welcomesAndPresenceOfEveryShape() throws {
        var generator = SystemRandomNumberGenerator()
        for name in Self.awkwardNames {
            for bot in [false, true] {
                let player = PlayerSummary(id: UserID(rawValue: UUID()), username: name,
                                           displayName: Self.awkwardNames.randomElement(using: &generator)!,
                                           avatar: "/v1/avatars/stock.svg?name=" + name, bot: bot)
                try expectSame(ServerMessage.welcome(user: player))
                for status in [PresenceStatus.lobby, .playing, .watching, .waiting, .offline] {
                    try expectSame(TopicEvent.presenceChanged(OnlinePlayer(player: player, status: status)))
                }
            }
        }
    }

    @Test func theRarerMessagesAreTheEncodersOwn() throws {
        let alice = PlayerSummary(id: UserID(rawValue: UUID()), username: "alice", displayName: "A \"B\"", avatar: "/v1/media/0a")
        try expectSame(TopicEvent.presenceChanged(OnlinePlayer(player: alice, status: .watching)))
        try expectSame(ServerMessage.ack(id: "1", game: nil, seq: nil))
        try expectSame(ServerMessage.pong(id: "2"))
        try expectSame(ServerMessage.welcome(user: alice))
        try expectSame(ServerMessage.error(id: "3", error: APIError(.notYourTurn, "It is X's turn.")))
        try expectSame(ServerMessage.snapshot(topic: .lobby, seq: 4, snapshot: .lobby(open: [], live: [])))
        try expectSame(MoveRequest(cell: 4, moveNumber: 1))
    }
}
