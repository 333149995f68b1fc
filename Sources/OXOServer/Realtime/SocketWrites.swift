import NIOConcurrencyHelpers
import NIOCore
import NIOWebSocket
import OXOCore

/// Where one socket's messages go: to its event loop's `LoopWrites`, in the order they
/// are sent. Every text message the server sends a socket (answers, snapshots, events)
/// goes this way, so that they leave in that order.
struct SocketOutbox: Sendable {
    let channel: any Channel
    let writes: LoopWrites

    func send(_ message: ByteBuffer) {
        writes.write(message, to: channel)
    }
}

/// The socket messages waiting to be written on one event loop. The first one waiting
/// schedules one task on the loop, which writes all that have come by the time it runs,
/// in the order they came, and flushes each socket once. A message to a thousand watchers
/// had been a thousand tasks on the loop, each queued, woken and flushed on its own;
/// NIO's write path was most of what such a room cost.
final class LoopWrites: Sendable {
    private let loop: any EventLoop
    private let waiting = NIOLockedValueBox(Waiting())

    private struct Waiting {
        var writes: [(channel: any Channel, message: ByteBuffer)] = []
        var scheduled = false
    }

    init(loop: any EventLoop) {
        self.loop = loop
    }

    func write(_ message: ByteBuffer, to channel: any Channel) {
        let schedule = waiting.withLockedValue { waiting in
            waiting.writes.append((channel, message))
            defer { waiting.scheduled = true }
            return !waiting.scheduled
        }
        if schedule { loop.execute { self.writeWaiting() } }
    }

    private func writeWaiting() {
        let writes = waiting.withLockedValue { waiting in
            waiting.scheduled = false
            defer { waiting.writes.removeAll(keepingCapacity: true) }
            return waiting.writes
        }
        for write in writes {
            write.channel.write(WebSocketFrame(fin: true, opcode: .text, data: write.message), promise: nil)
        }
        var flushed = Set<ObjectIdentifier>(minimumCapacity: writes.count)
        for write in writes where flushed.insert(ObjectIdentifier(write.channel)).inserted {
            write.channel.flush()
        }
        ServerMetrics.socketMessage(.sent, count: writes.count)
    }
}

/// This server's `LoopWrites`, one an event loop, made when a loop's first socket opens.
final class LoopWritesTable: Sendable {
    private let table = NIOLockedValueBox<[ObjectIdentifier: LoopWrites]>([:])

    func outbox(for channel: any Channel) -> SocketOutbox {
        let loop = channel.eventLoop
        let writes = table.withLockedValue { table in
            if let writes = table[ObjectIdentifier(loop)] { return writes }
            // The entry holds its loop, so no other loop can come to have its identifier.
            let writes = LoopWrites(loop: loop)
            table[ObjectIdentifier(loop)] = writes
            return writes
        }
        return SocketOutbox(channel: channel, writes: writes)
    }
}
