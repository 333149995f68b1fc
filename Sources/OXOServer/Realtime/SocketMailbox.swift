import NIOConcurrencyHelpers
import OXOCore
import OXOProtocol
import Vapor

/// What reaches one socket's session, in order: the client's messages and the bus's
/// events. While the session waits with nothing in hand, it hands its topics' numbers
/// over, and the bus sends the next event of a followed topic to the socket itself: no
/// wake-up of the session's task for each event, which is most of what a room with a
/// thousand watchers costs. Anything else (a gap to catch up, a game that closes to a
/// stranger, an event while the session is busy) waits in the mailbox, and the session
/// takes its numbers back before it handles it, so each topic's events still leave in
/// sequence.
final class SocketMailbox: Sendable {
    let inputs: AsyncStream<SocketSession.Input>
    private let continuation: AsyncStream<SocketSession.Input>.Continuation
    private let state = NIOLockedValueBox(Direct())

    private struct Direct {
        /// The session waits and the numbers below are the truth.
        var open = false
        /// The socket is closing: nothing more is sent to it, and the session handles nothing more.
        var closing = false
        /// Inputs in the mailbox the session has not taken yet.
        var waiting = 0
        var lastSeq: [Topic: Int] = [:]
        var strangerAtUnlisted: Set<GameID> = []
        /// A move went to the writer from the event loop and is not answered yet.
        var moveInFlight = false
        /// The session, waiting for that answer before it handles its next input.
        var afterMove: CheckedContinuation<Void, Never>?

        /// A game followed while unlisted and open may have started without this socket's
        /// user: the session reads the event and decides.
        func mayCloseToStranger(_ event: StoredEvent) -> Bool {
            guard case .game(let game) = event.topic else { return false }
            return strangerAtUnlisted.contains(game)
        }

        mutating func takeBack(into session: inout SessionState) {
            guard open else { return }
            open = false
            swap(&session.lastSeq, &lastSeq)
            strangerAtUnlisted = []
        }
    }

    init() {
        (inputs, continuation) = AsyncStream.makeStream(of: SocketSession.Input.self, bufferingPolicy: .unbounded)
    }

    func put(_ input: SocketSession.Input) {
        state.withLockedValue { direct in
            direct.waiting += 1
            continuation.yield(input)
        }
    }

    func finish() {
        markClosing()
        continuation.finish()
    }

    var isClosing: Bool { state.withLockedValue { $0.closing } }

    func markClosing() {
        state.withLockedValue { $0.closing = true }
    }

    /// From the bus: sends the event when it is the next of a topic the waiting session
    /// follows, drops one the socket has or does not follow, and puts any other in the
    /// mailbox. Sent under the lock, so two writers' events on one topic leave in order.
    func offer(_ event: StoredEvent, to outbox: SocketOutbox) {
        state.withLockedValue { direct in
            guard !direct.closing else { return }
            if direct.open, direct.waiting == 0, !direct.mayCloseToStranger(event),
               Self.sendIfNext(event, after: &direct.lastSeq, to: outbox) {
                return
            }
            direct.waiting += 1
            continuation.yield(.event(event))
        }
    }

    /// Sends an event that follows the last one sent on its topic, or drops one the socket
    /// has had (or does not follow); false for one past a gap, which needs a catch-up. The
    /// bus does this for a waiting session, the session for the events in its mailbox.
    static func sendIfNext(_ event: StoredEvent, after lastSeq: inout [Topic: Int], to outbox: SocketOutbox) -> Bool {
        guard let last = lastSeq[event.topic], event.seq > last else { return true }
        guard event.seq == last + 1 else { return false }
        outbox.send(event.message)
        lastSeq[event.topic] = event.seq
        return true
    }

    /// From the socket's event loop: true when the client's move may go to the writer at
    /// once, past the session: the session waits with nothing in its mailbox and no other
    /// move of the socket is in flight. Until `moveAnswered`, the session handles nothing
    /// (`moveLanded`), so the client's messages are still answered in the order sent.
    func takeMove() -> Bool {
        state.withLockedValue { direct in
            guard direct.open, direct.waiting == 0, !direct.closing, !direct.moveInFlight else { return false }
            direct.moveInFlight = true
            return true
        }
    }

    /// The move `takeMove` let through is answered.
    func moveAnswered() {
        let session = state.withLockedValue { direct in
            direct.moveInFlight = false
            defer { direct.afterMove = nil }
            return direct.afterMove
        }
        session?.resume()
    }

    /// Called by the session before it handles an input: returns once no move handed to
    /// the writer past it waits for its answer.
    func moveLanded() async {
        guard state.withLockedValue({ $0.moveInFlight }) else { return }
        await withCheckedContinuation { session in
            let landed = state.withLockedValue { direct in
                guard direct.moveInFlight else { return true }
                direct.afterMove = session
                return false
            }
            if landed { session.resume() }
        }
    }

    /// Called by the session for each input it takes: the numbers, when it had handed
    /// them over, are its own again.
    func took(into session: inout SessionState) {
        state.withLockedValue { direct in
            direct.waiting -= 1
            direct.takeBack(into: &session)
        }
    }

    /// Called by the session when its socket closed: the topics it followed are its own to leave.
    func takeBack(into session: inout SessionState) {
        state.withLockedValue { $0.takeBack(into: &session) }
    }

    /// Called by the session when it is done with an input: with nothing else waiting,
    /// the bus sends the next events itself.
    func handOver(from session: inout SessionState) {
        state.withLockedValue { direct in
            guard direct.waiting == 0, !direct.closing else { return }
            direct.open = true
            swap(&session.lastSeq, &direct.lastSeq)
            direct.strangerAtUnlisted = session.strangerAtUnlisted
        }
    }
}
