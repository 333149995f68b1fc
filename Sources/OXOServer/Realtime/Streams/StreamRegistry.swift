import Foundation
import NIOConcurrencyHelpers
import OXOProtocol
import Vapor

/// The process's open streams of JSON lines: how many each user has (bounded like their
/// sockets), and every one of them, to end when the process stops so that clients resume
/// from their numbers on another node or after the restart.
final class StreamRegistry: Sendable {
    private struct Open {
        var streams: [UUID: EventStream] = [:]
        var perUser: [UserID: Int] = [:]
        var stopping = false
    }

    private let open = NIOLockedValueBox(Open())

    /// Takes `stream` in unless its user has `limit` open already or the process stops;
    /// the refusal says why.
    func admit(_ stream: EventStream, limit: Int) -> APIError? {
        open.withLockedValue { open in
            if open.stopping { return APIError(.shuttingDown, "This server is restarting; open the stream again.") }
            let count = open.perUser[stream.user.id, default: 0]
            guard count < limit else {
                return APIError(.rateLimited, "You have \(count) streams open, the most one account may; close one first.")
            }
            open.perUser[stream.user.id] = count + 1
            open.streams[stream.id] = stream
            return nil
        }
    }

    func closed(_ stream: EventStream) {
        open.withLockedValue { open in
            guard open.streams.removeValue(forKey: stream.id) != nil else { return }
            let count = open.perUser[stream.user.id, default: 1] - 1
            open.perUser[stream.user.id] = count > 0 ? count : nil
        }
    }

    /// Ends every stream and takes no more: the process stops. Returns how many there were.
    func endAll() -> Int {
        end(because: "the server is stopping", stopping: true)
    }

    /// Ends every stream, as `SocketRegistry.closeAllToCatchUp` closes the sockets, after
    /// PostgreSQL's relay listened again: what was committed while it was away never reached
    /// these streams, and each client opens its stream again from its numbers and is sent
    /// what it missed. New streams are taken as before. Returns how many there were.
    func endAllToCatchUp() -> Int {
        end(because: "the server lost events during a database failover: open the stream again from your last number",
            stopping: false)
    }

    private func end(because reason: String, stopping: Bool) -> Int {
        let streams = open.withLockedValue { open in
            if stopping { open.stopping = true }
            return Array(open.streams.values)
        }
        for stream in streams { stream.end(because: reason) }
        return streams.count
    }
}

extension Application {
    private struct StreamRegistryKey: StorageKey {
        typealias Value = StreamRegistry
    }

    /// Set once by `configure`.
    var streams: StreamRegistry {
        get { configured(StreamRegistryKey.self) }
        set { storage[StreamRegistryKey.self] = newValue }
    }
}
