import Foundation
import OXOCore
import OXOPlay
import OXOProtocol

extension SessionMachine {
    // MARK: Leaving a topic

    /// Stops following `topic`, then sends `then`: at once, or once a game's watcher row is
    /// removed.
    mutating func stopFollowing(_ topic: Topic, request: String?, then message: ServerMessage) -> [SessionEffect] {
        var effects: [SessionEffect] = [.stopListening(topic)]
        guard case .game(let game) = topic else {
            state.lastSeq[topic] = nil
            return effects + [.send(message)]
        }
        if state.lastSeq[topic] != nil { effects.append(.look(game, by: -1)) }
        state.lastSeq[topic] = nil
        state.strangerAtUnlisted.remove(game)
        guard state.watching.remove(game) != nil else { return effects + [.send(message)] }
        pending = .leaving(request: request, then: message)
        return effects + [.removeWatcher(game)]
    }

    mutating func watcherRemoved(_ removed: Result<Void, any Error>) -> [SessionEffect] {
        guard case .leaving(let request, let message) = pending else { return [] }
        pending = nil
        switch removed {
        case .success: return [.send(message)]
        case .failure(let error):
            // A stranger's game that closed is left whatever the database says; a client's
            // own unsubscribe is answered with the failure.
            return request == nil ? [.logDeliveryFailure(nil, error), .send(message)] : [.fail(request: request, error)]
        }
    }

    // MARK: Events

    mutating func receive(_ event: StoredEvent) -> [SessionEffect] {
        if closesToStranger(event) {
            return stopFollowing(event.topic, request: nil, then: .error(
                id: nil, error: APIError(.gameNotFound, "This unlisted game has started: only its players follow it now."),
                topic: event.topic))
        }
        guard let last = state.lastSeq[event.topic], event.seq > last + 1 else { return sendIfNext(event) }
        // Past a gap (an event committed by another writer has not arrived yet): what is
        // missing first, then the event.
        pending = .catchingUp(CatchUp(topic: event.topic, through: event.seq - 1, then: event))
        return [catchUp(event.topic, from: last, to: event.seq - 1, game: nil)]
    }

    /// The topic's stored number is `seq`, and this socket may not have been sent all of it:
    /// after the relay between processes listened again, the events committed while it was
    /// away reached no socket here and no later event may reveal them (a game's last move).
    /// What is missing is sent; nothing is when the socket has it all.
    mutating func behind(_ topic: Topic, at seq: Int) -> [SessionEffect] {
        guard let last = state.lastSeq[topic], seq > last else { return [] }
        pending = .catchingUp(CatchUp(topic: topic, through: seq, then: nil))
        return [catchUp(topic, from: last, to: seq, game: nil)]
    }

    /// What was missed has been sent: the topic is at the catch-up's number, and the event
    /// that came past the gap follows.
    mutating func caughtUp(_ catchUp: CatchUp) -> [SessionEffect] {
        pending = nil
        state.lastSeq[catchUp.topic] = catchUp.through
        guard let event = catchUp.then else { return [] }
        return sendIfNext(event)
    }

    /// The event when it is the next of its topic; nothing when the topic is not followed
    /// or the event was sent already.
    mutating func sendIfNext(_ event: StoredEvent) -> [SessionEffect] {
        guard let last = state.lastSeq[event.topic], event.seq == last + 1 else { return [] }
        state.lastSeq[event.topic] = event.seq
        return [.sendEvent(event)]
    }

    /// An unlisted game may be followed by anyone with its id while it waits for an
    /// opponent; once it starts it is its two players' alone, so a stranger who followed
    /// it then stops hearing it, and is told why.
    func closesToStranger(_ event: StoredEvent) -> Bool {
        guard case .game(let game) = event.topic, state.strangerAtUnlisted.contains(game),
              let view = (try? Wire.decoder.decode(TopicEvent.self, from: Data(event.payload.utf8)))?.game
        else { return false }
        return view.phase != .open && ![view.x, view.o].contains { $0?.player?.id == user }
    }
}
