import DequeModule
import NIOConcurrencyHelpers
import OXOCore
import OXOProtocol
import Vapor

/// What reaches one socket's session, in order: the client's messages and the bus's
/// events. A session has no task while it waits: its state (`SessionState`) stays here,
/// and the bus sends the next event of a followed topic to the socket itself, so a room
/// with a thousand watchers wakes no task for an event, and an idle socket holds no task's
/// memory. Anything else (a client's message, a gap to catch up, a game that closes to a
/// stranger, an event while the session is busy) waits in the inbox; the first one starts
/// a task that takes the state and handles the inbox until it is empty, then hands the
/// state back and ends. Each topic's events still leave in sequence.
final class SocketMailbox: Sendable {
    private let box = NIOLockedValueBox(Box())

    private struct Box {
        /// Empty on most sockets most of the time, and then it holds no memory: an input is
        /// a few hundred bytes, and a buffer kept for a burst long gone would stay with
        /// every idle socket.
        var inbox = Deque<SocketSession.Input>()
        /// The session's state while no task holds it: the bus advances its numbers. Nil
        /// while the session opens or a task handles the inbox.
        var session: SessionState?
        /// The socket is closing: nothing more is sent to it, and the session handles nothing more.
        var closing = false
        /// A move went to the writer from the event loop and is not answered yet: the
        /// inbox waits for its answer, so the client's messages are answered in the order sent.
        var moveInFlight = false
        /// The client's messages received and not yet taken from the inbox or answered.
        var waitingMessages = 0

        /// The state for a new task to handle the inbox with, when one is to start now.
        mutating func startingTask() -> SessionState? {
            guard !moveInFlight, !inbox.isEmpty, let state = session else { return nil }
            session = nil
            return state
        }

        /// Sends an event the waiting session's socket can have at once: true when it was
        /// sent or dropped. A game followed while unlisted and open may have started without
        /// this socket's user: the session reads that event and decides.
        mutating func sendAtOnce(_ event: StoredEvent, to outbox: SocketOutbox) -> Bool {
            // Read and advanced in place: a copy of the state held meanwhile would make the
            // numbers' update copy the whole dictionary, for every socket an event reaches.
            guard inbox.isEmpty, session != nil else { return false }
            if case .game(let game) = event.topic, session!.strangerAtUnlisted.contains(game) { return false }
            return SocketMailbox.sendIfNext(event, after: &session!.lastSeq, to: outbox)
        }
    }

    /// Puts an input in the inbox; returns the state to start a task with, when the
    /// session has none running.
    func put(_ input: SocketSession.Input) -> SessionState? {
        box.withLockedValue { box in
            box.inbox.append(input)
            return box.startingTask()
        }
    }

    /// The session has opened and waits, in its first state; returns that state to start a
    /// task with, when inputs came while it opened.
    func opened() -> SessionState? {
        box.withLockedValue { box in
            box.session = SessionState()
            return box.startingTask()
        }
    }

    /// The socket closed: marks it closing and puts `.closed` last in the inbox.
    func finish() -> SessionState? {
        box.withLockedValue { box in
            box.closing = true
            box.inbox.append(.closed)
            return box.startingTask()
        }
    }

    var isClosing: Bool { box.withLockedValue { $0.closing } }

    func markClosing() {
        box.withLockedValue { $0.closing = true }
    }

    /// From the bus: sends the event when it is the next of a topic the waiting session
    /// follows, drops one the socket has or does not follow, and puts any other in the
    /// inbox. Sent under the lock, so two writers' events on one topic leave in order.
    func offer(_ event: StoredEvent, to outbox: SocketOutbox) -> SessionState? {
        box.withLockedValue { box in
            guard !box.closing, !box.sendAtOnce(event, to: outbox) else { return nil }
            box.inbox.append(.event(event))
            return box.startingTask()
        }
    }

    /// Sends an event that follows the last one sent on its topic, or drops one the socket
    /// has had (or does not follow); false for one past a gap, which needs a catch-up. The
    /// bus does this for a waiting session, the session for the events in its inbox.
    static func sendIfNext(_ event: StoredEvent, after lastSeq: inout [Topic: Int], to outbox: SocketOutbox) -> Bool {
        guard let last = lastSeq[event.topic], event.seq > last else { return true }
        guard event.seq == last + 1 else { return false }
        outbox.send(event.message)
        lastSeq[event.topic] = event.seq
        return true
    }

    /// From the socket's event loop, for each message the client sends: counts it as
    /// waiting, or returns false when `limit` already wait (a client that sends faster than
    /// it is served would fill the memory). `next` and `moveAnswered` count it out.
    func admitMessage(limit: Int) -> Bool {
        box.withLockedValue { box in
            guard box.waitingMessages < limit else { return false }
            box.waitingMessages += 1
            return true
        }
    }

    /// From the socket's event loop: true when the client's move may go to the writer at
    /// once, past the session: the session waits with nothing in its inbox and no other
    /// move of the socket is in flight. Until `moveAnswered`, no task handles the inbox.
    func takeMove() -> Bool {
        box.withLockedValue { box in
            guard box.session != nil, box.inbox.isEmpty, !box.closing, !box.moveInFlight else { return false }
            box.moveInFlight = true
            return true
        }
    }

    /// The move `takeMove` let through is answered; returns the state to start a task
    /// with, when messages came meanwhile.
    func moveAnswered() -> SessionState? {
        box.withLockedValue { box in
            box.moveInFlight = false
            box.waitingMessages -= 1
            return box.startingTask()
        }
    }

    /// For the task that holds the state: the next input, or nil when the inbox is empty;
    /// then the state is the mailbox's again, and the task must end.
    func next(handingBack state: SessionState) -> SocketSession.Input? {
        box.withLockedValue { box in
            guard let input = box.inbox.popFirst() else {
                box.inbox = []
                box.session = state
                return nil
            }
            if case .client = input { box.waitingMessages -= 1 }
            return input
        }
    }
}
