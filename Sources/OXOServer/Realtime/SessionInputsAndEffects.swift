import Foundation
import OXOCore
import OXOPlay
import OXOProtocol

/// What one socket follows, each topic with the last sequence number it was sent, the
/// games it watches (follows without playing), and how many of its subscriptions were
/// refused in a row.
struct SessionState: Sendable {
    var lastSeq: [Topic: Int] = [:]
    /// Only this socket adds its rows to the watchers, so it knows when leaving a game or
    /// closing has none to remove, without reading.
    var watching: Set<GameID> = []
    /// Unlisted games this socket follows without a seat, while they wait for an opponent.
    var strangerAtUnlisted: Set<GameID> = []
    var refusedInARow = 0
}

/// What comes into a session: the client's messages and the bus's events, and the answers
/// to the effects that have one.
enum SessionInput {
    /// Read on the socket's event loop: the message, or why it cannot be read.
    case message(Result<ClientMessage, ClientMessageReader.Refusal>)
    case event(StoredEvent)
    /// The topic's stored number, read after the relay between processes listened again.
    case behind(Topic, seq: Int)
    /// The process's budget of subscriptions took this one, or refused it.
    case subscriptionCounted(refusal: APIError?)
    /// The chat room may be read, or why not.
    case chatAccessChecked(refusal: (any Error)?)
    case topicRead(Result<TopicRead, any Error>)
    /// The events asked for; nil when they are no longer all kept.
    case missedRead(Result<[StoredEvent]?, any Error>)
    case snapshotRead(Result<TopicSnapshot, any Error>)
    /// True when the socket became one of the game's watchers (it does not play in it).
    case watcherAdded(Result<Bool, any Error>)
    case watcherRemoved(Result<Void, any Error>)
    case moveAnswered(Result<GameView, any Error>)
}

/// A topic's last number and, for a game's topic, the game's row, read together: the row
/// says that the game exists and may be shown to the user, and it is the snapshot's.
struct TopicRead {
    let seq: Int
    let game: GameRow?
}

/// What a session does, in order.
enum SessionEffect {
    case send(ServerMessage)
    /// An event as it was stored, sent as it is.
    case sendEvent(StoredEvent)
    /// A pong with the server's time.
    case pong(String?)
    /// Counts a subscription in the process's budget (answered by `subscriptionCounted`).
    case countSubscription
    case checkChatAccess(ChatRoom)
    /// Starts or stops hearing a topic's events from the bus.
    case listen(Topic)
    case stopListening(Topic)
    case readTopic(Topic)
    case readMissed(Topic, after: Int, through: Int)
    /// A snapshot of the topic at `seq`, of `game` when its row was read already.
    case readSnapshot(Topic, seq: Int, game: GameRow?)
    /// One more (or one fewer) socket of the user looks at the game.
    case look(GameID, by: Int)
    case addWatcher(GameRow)
    case removeWatcher(GameID)
    /// Hands the move to the writer (answered by `moveAnswered`).
    case play(game: GameID, cell: Int, moveNumber: Int)
    /// Answers a request with its error (logged when it is the server's own).
    case fail(request: String?, any Error)
    /// A message the client sent that could not be read, noted in the log.
    case noteRefusal(ErrorCode)
    case logDeliveryFailure(Topic?, any Error)
    /// Sends a last error that says why, then closes with `code`.
    case close(code: UInt16, saying: APIError)
}
