import Foundation
import OXOCore
import OXOPlay
import OXOProtocol

/// The decisions of one socket's session, as a function of what it follows and what comes
/// in, with nothing of its own to do: `receive(_:)` takes an input (the client's message, an
/// event from the bus, or the answer to an effect it asked for) and returns the effects to
/// carry out, in order, as values. `SocketSession` carries them out and hands each answer
/// back as the next input, so subscribing and catch-up, unlisted games, chat access,
/// refusal counting and the close codes are decided here and tested as values
/// (`SessionMachineTests`), without a server.
///
/// An effect that has an answer (a read, a count, a move) is always the last of its list:
/// the inputs of one request follow each other, and nothing else is received between them.
struct SessionMachine {
    let user: UserID
    /// Missed events a resume may be sent one by one; past it, a snapshot.
    let resumeLimit: Int
    /// What the socket follows: kept by the mailbox while the session waits.
    var state: SessionState
    /// The request being carried out, between an effect and its answer; nil between inputs
    /// of the mailbox. Kept here, not in `state`, so an idle socket holds none of it.
    var pending: Pending?

    /// Subscriptions refused in a row after which the socket is closed (1008): a client
    /// that asks again the moment it is told to wait would keep the server answering it.
    static let refusalsBeforeClosing = 10

    init(user: UserID, resumeLimit: Int, state: SessionState) {
        self.user = user
        self.resumeLimit = resumeLimit
        self.state = state
    }

    /// A request in progress.
    enum Pending {
        case subscribing(Subscription)
        /// Leaving a game's topic: the watcher's row is being removed; `then` is sent after.
        case leaving(request: String?, then: ServerMessage)
        /// The topic is behind `through`: what was missed is being read, and `then` (the
        /// event that came past a gap, if one did) is sent after it.
        case catchingUp(CatchUp)
        case moving(request: String?)
    }

    /// Bringing a followed topic up to a number, and what comes after.
    struct CatchUp {
        let topic: Topic
        let through: Int
        let then: StoredEvent?
    }

    /// A subscription as far as it has come.
    struct Subscription {
        let request: String?
        let topic: Topic
        let after: Int?
        var wasFollowing = false
        /// The topic's last number and, for a game, its row, once read.
        var current = 0
        var game: GameRow?
    }

    mutating func receive(_ input: SessionInput) -> [SessionEffect] {
        switch input {
        case .message(.failure(let refusal)):
            return [.noteRefusal(refusal.error.code), .send(.error(id: refusal.id, error: refusal.error))]
        case .message(.success(let message)):
            return receive(message)
        case .event(let event):
            return receive(event)
        case .behind(let topic, let seq):
            return behind(topic, at: seq)
        case .subscriptionCounted(let refusal):
            return subscriptionCounted(refusal)
        case .chatAccessChecked(let refusal):
            guard case .subscribing(let subscription) = pending else { return [] }
            if let refusal { return fail(refusal, subscription.request) }
            return startReading(subscription)
        case .topicRead(let read):
            return topicRead(read)
        case .missedRead(let events):
            return missedRead(events)
        case .snapshotRead(let read):
            return snapshotRead(read)
        case .watcherAdded(let added):
            return watcherAdded(added)
        case .watcherRemoved(let removed):
            return watcherRemoved(removed)
        case .moveAnswered(let played):
            guard case .moving(let request) = pending else { return [] }
            pending = nil
            switch played {
            case .success(let game): return [.send(.ack(id: request, game: game, seq: nil))]
            case .failure(let error): return [.fail(request: request, error)]
            }
        }
    }

    // MARK: The client's messages

    private mutating func receive(_ message: ClientMessage) -> [SessionEffect] {
        switch message {
        case .ping(let id):
            return [.pong(id)]
        case .subscribe(let id, let topic, let after):
            pending = .subscribing(Subscription(request: id, topic: topic, after: after))
            return [.countSubscription]
        case .unsubscribe(let id, let topic):
            return stopFollowing(topic, request: id, then: .ack(id: id, game: nil, seq: nil))
        case .move(let id, let game, let cell, let moveNumber):
            pending = .moving(request: id)
            return [.play(game: game, cell: cell, moveNumber: moveNumber)]
        }
    }

    private mutating func subscriptionCounted(_ refusal: APIError?) -> [SessionEffect] {
        guard case .subscribing(let subscription) = pending else { return [] }
        if let refusal {
            pending = nil
            state.refusedInARow += 1
            guard state.refusedInARow < Self.refusalsBeforeClosing else {
                return [.close(code: 1008, saying: APIError(.rateLimited,
                    "Closed after \(state.refusedInARow) subscriptions refused in a row; wait before subscribing again."))]
            }
            return [.send(.error(id: subscription.request, error: refusal))]
        }
        state.refusedInARow = 0
        switch subscription.topic {
        case .user(let owner) where owner != user:
            return fail(APIError(.forbidden, "You can follow only your own inbox."), subscription.request)
        case .chat(let room):
            return [.checkChatAccess(room)]
        default:
            return startReading(subscription)
        }
    }

    /// Listens before reading, so nothing committed meanwhile is missed; what arrives
    /// twice is dropped by its number.
    private mutating func startReading(_ subscription: Subscription) -> [SessionEffect] {
        var subscription = subscription
        subscription.wasFollowing = state.lastSeq[subscription.topic] != nil
        pending = .subscribing(subscription)
        return [.listen(subscription.topic), .readTopic(subscription.topic)]
    }

    private mutating func topicRead(_ read: Result<TopicRead, any Error>) -> [SessionEffect] {
        guard case .subscribing(var subscription) = pending else { return [] }
        switch read {
        case .failure(let error):
            let stop: [SessionEffect] = subscription.wasFollowing ? [] : [.stopListening(subscription.topic)]
            return stop + fail(error, subscription.request)
        case .success(let read):
            subscription.current = read.seq
            subscription.game = read.game
            pending = .subscribing(subscription)
            return [catchUp(subscription.topic, from: subscription.after, to: read.seq, game: read.game)]
        }
    }

    /// What a client missed between `from` and `to` is read as the events themselves when
    /// they are few enough (and still kept), else as a snapshot.
    func catchUp(_ topic: Topic, from: Int?, to current: Int, game: GameRow?) -> SessionEffect {
        guard TopicReads.resumes(after: from, through: current, limit: resumeLimit), let from else {
            return .readSnapshot(topic, seq: current, game: game)
        }
        return .readMissed(topic, after: from, through: current)
    }

    private mutating func missedRead(_ read: Result<[StoredEvent]?, any Error>) -> [SessionEffect] {
        let events: [StoredEvent]?
        switch (read, pending) {
        case (.success(let read), _): events = read
        case (.failure(let error), .subscribing(let subscription)): return fail(error, subscription.request)
        case (.failure(let error), .catchingUp(let catchUp)):
            pending = nil
            return [.logDeliveryFailure(catchUp.topic, error)]
        case (.failure, _): return []
        }
        switch pending {
        case .subscribing(let subscription):
            guard let events else { return [.readSnapshot(subscription.topic, seq: subscription.current, game: subscription.game)] }
            return events.map(SessionEffect.sendEvent) + subscribed(subscription)
        case .catchingUp(let catchUp):
            guard let events else { return [.readSnapshot(catchUp.topic, seq: catchUp.through, game: nil)] }
            return events.map(SessionEffect.sendEvent) + caughtUp(catchUp)
        default:
            return []
        }
    }

    private mutating func snapshotRead(_ read: Result<TopicSnapshot, any Error>) -> [SessionEffect] {
        switch (pending, read) {
        case (.subscribing(let subscription), .success(let snapshot)):
            return [.send(.snapshot(topic: subscription.topic, seq: subscription.current, snapshot: snapshot))]
                + subscribed(subscription)
        case (.subscribing(let subscription), .failure(let error)):
            return fail(error, subscription.request)
        case (.catchingUp(let catchUp), .success(let snapshot)):
            return [.send(.snapshot(topic: catchUp.topic, seq: catchUp.through, snapshot: snapshot))] + caughtUp(catchUp)
        case (.catchingUp(let catchUp), .failure(let error)):
            pending = nil
            return [.logDeliveryFailure(catchUp.topic, error)]
        default:
            return []
        }
    }

    /// The client is up to date on the subscription's topic: a game's topic adds the
    /// socket to its lookers and, unless it plays in the game, to its watchers.
    private mutating func subscribed(_ subscription: Subscription) -> [SessionEffect] {
        state.lastSeq[subscription.topic] = subscription.current
        guard let game = subscription.game else {
            pending = nil
            return [.send(.ack(id: subscription.request, game: nil, seq: subscription.current))]
        }
        var effects: [SessionEffect] = subscription.wasFollowing ? [] : [.look(game.gameID, by: 1)]
        if !game.listed, !game.players.contains(user.rawValue) { state.strangerAtUnlisted.insert(game.gameID) }
        effects.append(.addWatcher(game))
        return effects
    }

    private mutating func watcherAdded(_ added: Result<Bool, any Error>) -> [SessionEffect] {
        guard case .subscribing(let subscription) = pending, let game = subscription.game else { return [] }
        switch added {
        case .success(let added):
            if added { state.watching.insert(game.gameID) }
            pending = nil
            return [.send(.ack(id: subscription.request, game: nil, seq: state.lastSeq[subscription.topic]))]
        case .failure(let error):
            return fail(error, subscription.request)
        }
    }

    private mutating func fail(_ error: any Error, _ request: String?) -> [SessionEffect] {
        pending = nil
        return [.fail(request: request, error)]
    }
}
