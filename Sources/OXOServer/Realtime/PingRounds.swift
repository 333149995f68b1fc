import NIOCore

/// The pings of one event loop's sockets, made in rounds rather than by a timer for each
/// socket. A loop keeps its timers in a heap that SwiftNIO searches from end to end to
/// cancel one; with a timer for every socket, each socket that came or went (and each HTTP
/// connection that became a socket, whose idle timer is cancelled then) cost a pass over
/// thousands of timers, and each idle socket held a timer's objects.
/// The interval is cut into `slots` steps; one timer visits a slot at each step, and pings
/// the sockets in it. A socket joins the slot visited last, so its first ping comes an
/// interval after it opened (less a step at most), and one each interval after that.
/// Used on its loop only.
final class PingRounds {
    static let slots = 32

    private let loop: any EventLoop
    private let step: TimeAmount
    private var sockets: [[ObjectIdentifier: SocketFrames]] = Array(repeating: [:], count: slots)
    private var count = 0
    private var nextSlot = 0
    private var nextVisit: Scheduled<Void>?

    init(loop: any EventLoop, interval: TimeAmount) {
        self.loop = loop
        step = .nanoseconds(max(1, interval.nanoseconds / Int64(Self.slots)))
    }

    /// Adds a socket to the rounds; returns its slot, which `leave` takes.
    func join(_ frames: SocketFrames) -> Int {
        let slot = (nextSlot + Self.slots - 1) % Self.slots
        sockets[slot][ObjectIdentifier(frames)] = frames
        count += 1
        if nextVisit == nil { visitLater() }
        return slot
    }

    func leave(_ frames: SocketFrames, slot: Int) {
        guard sockets[slot].removeValue(forKey: ObjectIdentifier(frames)) != nil else { return }
        count -= 1
        // A loop with no socket has no timer: an idle server is not woken.
        if count == 0 {
            nextVisit?.cancel()
            nextVisit = nil
        }
    }

    private func visitLater() {
        nextVisit = loop.assumeIsolated().scheduleTask(in: step) { [self] in
            let due = sockets[nextSlot]
            nextSlot = (nextSlot + 1) % Self.slots
            visitLater()
            for frames in due.values { frames.pingOrClose() }
        }
    }
}
