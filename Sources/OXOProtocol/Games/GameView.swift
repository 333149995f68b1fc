import Foundation
import TicTacToe

/// Who sits on one side of a game: a user, or the server's computer player.
public struct Seat: Codable, Hashable, Sendable {
    public let player: PlayerSummary?
    public let computer: Level?

    public init(player: PlayerSummary) {
        self.player = player
        computer = nil
    }

    public init(computer: Level) {
        player = nil
        self.computer = computer
    }
}

public enum GameMode: String, Codable, Hashable, Sendable, CaseIterable {
    /// Two users, each on their own device.
    case online
    /// A user against the server's computer player.
    case computer
    /// One user plays both sides on one device.
    case passAndPlay = "pass_and_play"
}

public enum GamePhase: String, Codable, Hashable, Sendable {
    /// Waiting for an opponent to join.
    case open
    case live
    case finished
}

public struct GameResult: Codable, Hashable, Sendable {
    public enum Reason: String, Codable, Hashable, Sendable {
        case line, draw, resignation
        /// A player left and did not come back within the grace period.
        case abandoned
        /// Nobody joined the open game in time; it is then removed.
        case expired
        /// The creator withdrew the open game before anyone joined; it is then removed.
        case cancelled
        /// The side to move ran out of time: the opponent wins, or nobody when the
        /// opponent could no longer have made a line.
        case timeout
    }

    /// Nil for a draw.
    public let winner: Mark?
    public let reason: Reason
    /// The winning line, when a line won: its cells in ascending order (a longer run than
    /// needed is given whole); in Ultimate the numbers (0–8) of the three small boards.
    public let line: [Int]?

    public init(winner: Mark?, reason: Reason, line: [Int]?) {
        self.winner = winner
        self.reason = reason
        self.line = line
    }
}

public struct MoveRecord: Codable, Hashable, Sendable {
    /// 1 for the first move of the game.
    public let number: Int
    /// Row-major on the variant's whole grid, from 0 at the top-left.
    public let cell: Int
    public let mark: Mark
    public let playedAt: Date

    public init(number: Int, cell: Int, mark: Mark, playedAt: Date) {
        self.number = number
        self.cell = cell
        self.mark = mark
        self.playedAt = playedAt
    }
}

/// After a finished game between two people: who offered to play again, and the game
/// that started once both did.
public struct Rematch: Codable, Hashable, Sendable {
    public let offeredBy: [Mark]
    public let game: GameID?

    public init(offeredBy: [Mark], game: GameID?) {
        self.offeredBy = offeredBy
        self.game = game
    }
}

/// A seated player with no connected client during a live game.
public struct Absence: Codable, Hashable, Sendable {
    public let mark: Mark
    public let since: Date
    /// From then on the player who stayed may claim the win; a little later the server
    /// settles the game itself.
    public let claimableAt: Date

    public init(mark: Mark, since: Date, claimableAt: Date) {
        self.mark = mark
        self.since = since
        self.claimableAt = claimableAt
    }
}

/// A game as every client sees it. The board and whose turn it is follow from the moves.
public struct GameView: Codable, Hashable, Sendable {
    public let id: GameID
    /// Six characters to share, such as "K7QX3M".
    public let code: String
    /// The board the game is played on; classic for a game stored without one.
    public let variant: Variant
    public let mode: GameMode
    public let listed: Bool
    public let phase: GamePhase
    public let x: Seat?
    public let o: Seat?
    public let moves: [MoveRecord]
    /// Every cell of the variant's grid, row-major.
    public let board: Grid
    /// The mark to move while the game is live; nil when it is open or finished.
    public let turn: Mark?
    public let result: GameResult?
    public let watchers: Int
    public let createdAt: Date
    /// Seated players whose clients are all gone, while the game is live; nil when none.
    public let away: [Absence]?
    /// Offers to play again, once the game is finished; nil when none.
    public let rematch: Rematch?
    /// The game's time control; nil for a casual game.
    public let timeControl: TimeControl?
    /// Both clocks of a clocked game once it has started; nil otherwise.
    public let clock: GameClock?
    /// While a clocked or correspondence game is live: when the side to move runs out of time.
    public let deadline: Date?
    /// Ultimate, while the game is live: the small board (0–8) the player to move must
    /// play in; nil when any open board will do, and in the other variants.
    public let activeBoard: Int?
    /// Ultimate: each small board, 0–8, as one character: "X" or "O" for its winner, "-"
    /// when it is full without a line, "." while it is open. Nil in the other variants.
    public let smallBoards: String?

    public init(id: GameID, code: String, variant: Variant = .classic, mode: GameMode, listed: Bool, phase: GamePhase,
                x: Seat?, o: Seat?, moves: [MoveRecord], board: Grid, turn: Mark?, result: GameResult?, watchers: Int,
                createdAt: Date, away: [Absence]? = nil, rematch: Rematch? = nil,
                timeControl: TimeControl? = nil, clock: GameClock? = nil, deadline: Date? = nil,
                activeBoard: Int? = nil, smallBoards: String? = nil) {
        self.id = id
        self.code = code
        self.variant = variant
        self.mode = mode
        self.listed = listed
        self.phase = phase
        self.x = x
        self.o = o
        self.moves = moves
        self.board = board
        self.turn = turn
        self.result = result
        self.watchers = watchers
        self.createdAt = createdAt
        self.away = away
        self.rematch = rematch
        self.timeControl = timeControl
        self.clock = clock
        self.deadline = deadline
        self.activeBoard = activeBoard
        self.smallBoards = smallBoards
    }

    /// The number the next move must carry.
    public var nextMoveNumber: Int { moves.count + 1 }

    public func seat(_ mark: Mark) -> Seat? { mark == .x ? x : o }

    /// The other person in a game `user` plays: nil against the computer, or before anyone joined.
    public func opponent(of user: UserID) -> PlayerSummary? {
        [x?.player, o?.player].compactMap { $0 }.first { $0.id != user }
    }
}

extension GameView {
    /// Decodes as the synthesized decoder would, except that a game written without a
    /// variant (by a server from before variants, or kept in its events since) is classic.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decode(GameID.self, forKey: .id), code: try c.decode(String.self, forKey: .code),
            variant: try c.decodeIfPresent(Variant.self, forKey: .variant) ?? .classic,
            mode: try c.decode(GameMode.self, forKey: .mode), listed: try c.decode(Bool.self, forKey: .listed),
            phase: try c.decode(GamePhase.self, forKey: .phase),
            x: try c.decodeIfPresent(Seat.self, forKey: .x), o: try c.decodeIfPresent(Seat.self, forKey: .o),
            moves: try c.decode([MoveRecord].self, forKey: .moves), board: try c.decode(Grid.self, forKey: .board),
            turn: try c.decodeIfPresent(Mark.self, forKey: .turn), result: try c.decodeIfPresent(GameResult.self, forKey: .result),
            watchers: try c.decode(Int.self, forKey: .watchers), createdAt: try c.decode(Date.self, forKey: .createdAt),
            away: try c.decodeIfPresent([Absence].self, forKey: .away),
            rematch: try c.decodeIfPresent(Rematch.self, forKey: .rematch),
            timeControl: try c.decodeIfPresent(TimeControl.self, forKey: .timeControl),
            clock: try c.decodeIfPresent(GameClock.self, forKey: .clock),
            deadline: try c.decodeIfPresent(Date.self, forKey: .deadline),
            activeBoard: try c.decodeIfPresent(Int.self, forKey: .activeBoard),
            smallBoards: try c.decodeIfPresent(String.self, forKey: .smallBoards))
    }
}
