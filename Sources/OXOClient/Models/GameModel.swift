import Foundation
import Observation
import OXOProtocol
import TicTacToe

/// One game as its player or a watcher sees it, live: the board, whose turn, watchers, a
/// player gone away and when the win may be claimed, the rematch and the series between
/// the two, and the game's chat rooms.
///
/// Everything it shows is what the server sent on the game's topic (and its chat rooms'),
/// replaced whole with every event, so it never shows a move the server did not accept.
/// Actions are sent to the server and answer with a `Refusal` when it says no; their effect
/// arrives as the topic's next event.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor @Observable
public final class GameModel {
    public let id: GameID
    @ObservationIgnored public let live: LiveSession
    /// The game as the server last told it; nil until its snapshot arrives.
    public private(set) var game: GameView?
    /// The score between the two players over all their games, for a player of a game
    /// between two people; read again when the game ends.
    public private(set) var series: Series?
    /// The messages of each room this user reads, by room.
    public private(set) var chat: [ChatRoom: ChatTranscript] = [:]
    /// The last action's refusal; nil after an action that succeeded.
    public private(set) var refusal: Refusal?
    /// Set when the server will not show this game (`game_not_found`).
    public private(set) var unavailable: APIError?

    @ObservationIgnored private var followedRooms: Set<ChatRoom> = []
    @ObservationIgnored private var isClosed = false
    @ObservationIgnored private var seriesAskedFor: UserID?
    @ObservationIgnored private let followsChat: Bool

    /// Follows the game (by its id) on `live`: as a player when seated in it, as a watcher
    /// otherwise; and its chat rooms unless `chat` is false (a computer player has no use
    /// for them, and each room is one more subscription of the few a socket may make).
    public init(_ id: GameID, on live: LiveSession, chat: Bool = true) async {
        self.id = id
        self.live = live
        followsChat = chat
        await live.follow(.game(id), by: self) { [weak self] update in self?.receive(update) }
    }

    /// Stops following the game and its rooms (a watcher leaves the watchers' count).
    public func close() async {
        isClosed = true
        await live.unfollow(.game(id), by: self)
        for room in followedRooms {
            await live.unfollow(.chat(room), by: self)
        }
        followedRooms = []
    }

    // MARK: What the game shows

    /// The board the game is played on; classic until the game arrives.
    public var variant: Variant { game?.variant ?? .classic }
    /// Every cell of the variant's grid, row-major (`variant.width` a row).
    public var board: Grid { game?.board ?? Grid(Array(repeating: nil, count: variant.cellCount)) }
    /// The position the moves make, replayed by the rules engine: what the server sent,
    /// and what follows from it (`legalCells`).
    public var position: VariantGame {
        guard let game, let position = try? VariantGame(game.variant, moves: game.moves.map(\.cell)) else { return VariantGame(variant) }
        return position
    }
    /// The cells the player to move may play now, in ascending order; none once the game is over.
    public var legalCells: [Int] { game?.phase == .live ? position.legalMoves : [] }
    /// Ultimate: the small board (0–8) the player to move must play in; nil when any open
    /// one will do, and in the other variants.
    public var activeBoard: Int? { game?.activeBoard }
    /// The side this user plays; nil for a watcher.
    public var myMark: Mark? {
        guard let game else { return nil }
        if game.x?.player?.id == live.me.id { return .x }
        if game.o?.player?.id == live.me.id { return .o }
        return nil
    }
    public var isMyTurn: Bool { game?.phase == .live && game?.turn != nil && game?.turn == myMark }
    public var isFinished: Bool { game?.phase == .finished }
    /// The other player, for a player; nil while the seat is free or against the computer.
    public var opponent: PlayerSummary? { myMark.flatMap { game?.seat($0.opponent)?.player } }
    /// The winner's mark, nil while the game is on or after a draw.
    public var winner: Mark? { game?.result?.winner }
    /// The opponent's absence while they have no client connected; nil while they are here.
    public var opponentAway: Absence? { myMark.flatMap { mine in game?.away?.first { $0.mark != mine } } }
    /// How long until the win may be claimed from an absent opponent: zero once it may.
    public func claimCountdown(at now: Date = Date()) -> TimeInterval? {
        opponentAway.map { max(0, $0.claimableAt.timeIntervalSince(now)) }
    }
    /// The game's time control; casual for a game without a clock or days per move.
    public var timeControl: TimeControl { game?.timeControl ?? .casual }
    /// The time left on `mark`'s clock at `now`, counted down locally from what the server
    /// measured at the turn's start; nil for a game without a clock.
    public func timeLeft(of mark: Mark, at now: Date = Date()) -> TimeInterval? {
        guard let clock = game?.clock else { return nil }
        let left = TimeInterval(clock.milliseconds(of: mark)) / 1000
        guard clock.running == mark else { return left }
        return max(0, left - now.timeIntervalSince(clock.measuredAt))
    }
    /// When the side to move runs out of time, while a clocked or correspondence game is live.
    public var deadline: Date? { game?.deadline }
    /// The marks that offered to play again.
    public var rematchOffers: [Mark] { game?.rematch?.offeredBy ?? [] }
    /// The new game, once both players offered a rematch.
    public var rematchGame: GameID? { game?.rematch?.game }
    /// The rooms this user may read: the players' (for the players) and the watchers'.
    public var chatRooms: [ChatRoom] {
        guard game?.mode == .online else { return [] }
        return myMark == nil ? [.watchers(id)] : [.players(id), .watchers(id)]
    }
    public func messages(in room: ChatRoom) -> [ChatMessage] { chat[room]?.messages ?? [] }

    // MARK: Actions

    /// Plays `cell` as the next move of the game this model shows, over the socket: a
    /// move made while the connection is down is sent when it is back.
    /// Cells are row-major indexes on the variant's whole grid (`CellName` names them).
    @discardableResult
    public func play(_ cell: Int) async -> Result<Void, Refusal> {
        await act {
            guard let game = self.game else { throw Refusal(code: nil, message: "The game has not arrived yet.") }
            try await self.live.connection.move(game: self.id, cell: cell, moveNumber: game.nextMoveNumber)
        }
    }

    /// Plays a cell of classic's board.
    @discardableResult
    public func play(_ cell: Cell) async -> Result<Void, Refusal> {
        await play(cell.index)
    }

    /// Takes the free seat of an open game.
    @discardableResult
    public func join() async -> Result<Void, Refusal> {
        await act { try await self.live.client.join(self.id) }
    }

    @discardableResult
    public func resign() async -> Result<Void, Refusal> {
        await act { try await self.live.client.resign(self.id) }
    }

    @discardableResult
    public func offerRematch() async -> Result<Void, Refusal> {
        await act { try await self.live.client.offerRematch(self.id) }
    }

    /// Takes the win from an opponent gone longer than the grace period (`claimCountdown`).
    @discardableResult
    public func claimWin() async -> Result<Void, Refusal> {
        await act { try await self.live.client.claimWin(self.id) }
    }

    /// Writes in one of the game's rooms: the players' room by default for a player, the
    /// watchers' for a watcher.
    @discardableResult
    public func say(_ text: String, in room: ChatRoom? = nil) async -> Result<Void, Refusal> {
        await act {
            // Which rooms a game has is known once it arrived: before, it is not "no chat".
            guard self.game != nil else { throw Refusal(code: nil, message: "The game has not arrived yet.") }
            guard let room = room ?? self.chatRooms.first else {
                throw Refusal(code: .chatUnavailable, message: "This game has no chat.")
            }
            try await self.live.client.sendMessage(text, to: room)
        }
    }

    private func act(_ action: () async throws -> Void) async -> Result<Void, Refusal> {
        let result = await outcome(of: action)
        refusal = result.failure
        return result
    }

    // MARK: The topics

    private func receive(_ update: RealtimeUpdate) {
        switch update {
        case .snapshot(_, _, .game(let game)):
            show(game)
        case .event(_, _, let event):
            if let game = event.game { show(game) }
        case .subscriptionRefused(_, let error):
            unavailable = error
        default:
            break
        }
    }

    private func show(_ newGame: GameView) {
        let wasFinished = isFinished
        game = newGame
        followRooms()
        // The series is read once the opponent is known, and again with the result in it.
        if let opponent, opponent.id != seriesAskedFor || (isFinished && !wasFinished) {
            seriesAskedFor = opponent.id
            readSeries(with: opponent)
        }
    }

    private func followRooms() {
        for room in chatRooms where followsChat && !followedRooms.contains(room) && !isClosed {
            followedRooms.insert(room)
            Task {
                await live.follow(.chat(room), by: self) { [weak self] update in self?.receive(update, in: room) }
            }
        }
    }

    private func receive(_ update: RealtimeUpdate, in room: ChatRoom) {
        switch update {
        case .snapshot(_, _, .chat(let messages)):
            chat[room] = ChatTranscript(messages: messages)
        case .event(_, _, let event):
            if let message = event.message { chat[room, default: ChatTranscript()].apply(message) }
        default:
            break
        }
    }

    private func readSeries(with opponent: PlayerSummary) {
        Task {
            if let series = try? await live.client.series(with: opponent.id) { self.series = series }
        }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
