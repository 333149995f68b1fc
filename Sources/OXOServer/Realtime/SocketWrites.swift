import NIOConcurrencyHelpers
import NIOCore
import OXOCore

/// Where one socket's messages go: to its event loop's `LoopWrites`, in the order they
/// are sent. Every text message the server sends a socket (answers, snapshots, events)
/// goes this way, so that they leave in that order.
struct SocketOutbox: Sendable {
    let wire: NIOLoopBound<SocketWire>
    let writes: LoopWrites

    func send(_ message: ByteBuffer) {
        writes.write(message, to: wire)
    }
}

/// The socket messages waiting to be written on one event loop. The first one waiting
/// schedules one task on the loop, which writes all that have come by the time it runs,
/// in the order they came, and flushes each socket once. A message to a thousand watchers
/// had been a thousand tasks on the loop, each queued, woken, passed down the socket's
/// WebSocket handlers and flushed on its own.
final class LoopWrites: Sendable {
    private let loop: any EventLoop
    private let waiting = NIOLockedValueBox(Waiting())

    private struct Waiting {
        var writes: [(wire: NIOLoopBound<SocketWire>, message: ByteBuffer)] = []
        var scheduled = false
    }

    init(loop: any EventLoop) {
        self.loop = loop
    }

    func write(_ message: ByteBuffer, to wire: NIOLoopBound<SocketWire>) {
        let schedule = waiting.withLockedValue { waiting in
            waiting.writes.append((wire, message))
            defer { waiting.scheduled = true }
            return !waiting.scheduled
        }
        // On the loop already (a move's answer), it goes at once, after what waits before it;
        // a task scheduled before then finds nothing left.
        if loop.inEventLoop {
            writeWaiting()
        } else if schedule {
            loop.execute { self.writeWaiting() }
        }
    }

    private func writeWaiting() {
        let writes = waiting.withLockedValue { waiting in
            waiting.scheduled = false
            defer { waiting.writes.removeAll(keepingCapacity: true) }
            return waiting.writes
        }
        // An event goes to its sockets one after another: its header is made once.
        var header = ByteBuffer(), headerLength = -1
        for write in writes {
            if write.message.readableBytes != headerLength {
                headerLength = write.message.readableBytes
                header = TextFrameHeader.bytes(length: headerLength, allocator: Self.allocator)
            }
            write.wire.value.write(header: header, message: write.message)
        }
        var flushed = Set<ObjectIdentifier>(minimumCapacity: writes.count)
        for write in writes where flushed.insert(ObjectIdentifier(write.wire.value)).inserted {
            write.wire.value.flush()
        }
        ServerMetrics.socketMessage(.sent, count: writes.count)
    }

    private static let allocator = ByteBufferAllocator()
}
