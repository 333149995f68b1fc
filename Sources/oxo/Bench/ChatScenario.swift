import Foundation
import NIOConcurrencyHelpers
import NIOCore
import OXOClient
import OXOProtocol

/// `oxo bench chat`: `rooms` watchers' rooms (of open listed games: an unlisted game's
/// rooms are its players' alone), each with one sender who
/// says `rate` messages a second over REST and `watchers` sockets following the room's
/// topic. Reports the messages stored per second and the time from each send until the
/// last of its room's watchers had it; every watcher must get every message.
struct ChatScenario {
    let rooms: Int
    let watchers: Int
    let rate: Double
    let duration: Double

    func run(on target: BenchTarget, progress: ProgressLine) async throws -> BenchReport {
        let users = try await target.register(rooms * (watchers + 1), progress: progress)
        let senders = Array(users.prefix(rooms)), audience = Array(users.dropFirst(rooms))
        let games = try await inParallel(rooms, concurrency: 32) { try await senders[$0].client.createGame(side: .x, listed: true).id }
        let errors = ErrorTally()
        let ledger = DeliveryLedger(watchers: watchers)
        let sockets = try await inParallel(audience.count, concurrency: 64) { index in
            let room = index / watchers
            let socket = try await target.inboxSocket(for: audience[index], index: index, followingInbox: false).socket
            socket.send(#"{"type":"subscribe","id":"room","topic":"\#(Topic.chat(.watchers(games[room])))"}"#)
            let answer = try await socket.next { $0.type == "ack" || $0.type == "error" }
            if let error = answer.error { throw SubscribeRefused(code: error.code) }
            socket.handleFrames { text in
                guard let key = PostedText.text(in: text) else { return }
                ledger.arrived(key)
            }
            return socket
        }
        let stopped = NIOLockedValueBox(false)
        errors.recordCloses(of: sockets) { stopped.withLockedValue { $0 } }

        let answers = LatencyRecorder("send answered")
        let window = MeasuredWindow(target: target)
        progress.start { _ in "\(ledger.sent) sent, \(ledger.complete) reached every watcher, \(errors.total) errors" }
        let start = ContinuousClock.now
        await withTaskGroup(of: Void.self) { group in
            for room in 0..<rooms {
                group.addTask {
                    await send(in: .watchers(games[room]), room: room, by: senders[room].client, from: start,
                               ledger: ledger, answers: answers, errors: errors)
                }
            }
        }
        let sendingSeconds = SocketsScenario.seconds(start.duration(to: .now))
        let cpu = window.cpuFigures()
        // The last messages' deliveries, a moment after the last answer.
        for _ in 0..<50 where ledger.complete < ledger.sent { try? await Task.sleep(for: .milliseconds(100)) }
        progress.stop()
        stopped.withLockedValue { $0 = true }
        await closeAll(sockets)

        let stored = ledger.sent - errors.total
        return BenchReport(
            scenario: .chat,
            title: "chat: \(rooms) rooms × \(watchers) watchers, \(BenchReport.format(rate)) messages a second each",
            target: target,
            figures: [
                .init("rooms", "rooms", Double(rooms)),
                .init("watchers_per_room", "watchers per room", Double(watchers)),
                .init("messages_stored_per_second", "messages stored per second", Double(stored) / sendingSeconds),
                .init("deliveries_per_second", "deliveries per second", Double(ledger.deliveries) / sendingSeconds),
            ] + cpu,
            latencies: [ledger.lastWatcher.summary(), answers.summary()],
            errors: errors,
            checks: [.init(name: "every message reached every watcher of its room (\(ledger.complete) of \(stored))",
                           passed: ledger.complete == stored)])
    }

    /// One room's sender: a message every 1/rate seconds for the run's duration, each
    /// sent without waiting for the one before to be answered. The rooms' senders start a
    /// fraction of the gap apart: all at once, a hundred rooms sent a hundred messages in
    /// the same instant every gap, and each waited for the others' (130 ms at the median
    /// with the server at 10 % of its core), which no room of people does.
    private func send(in room: ChatRoom, room index: Int, by client: OXOClient, from start: ContinuousClock.Instant,
                      ledger: DeliveryLedger, answers: LatencyRecorder, errors: ErrorTally) async {
        let gap = Duration.nanoseconds(Int64(1e9 / rate))
        let first = start + gap * (Double(index) / Double(rooms))
        try? await Task.sleep(until: first, clock: .continuous)
        await withTaskGroup(of: Void.self) { group in
            var number = 0
            while first.duration(to: .now) < .seconds(duration) {
                let key = "\(index).\(number)"
                number += 1
                group.addTask {
                    let sent = ledger.send(key)
                    do {
                        _ = try await client.sendMessage(key, to: room)
                        answers.record(since: sent)
                    } catch {
                        errors.record("sending: \(GamesScenario.describe(error))")
                    }
                }
                try? await Task.sleep(until: first + gap * number, clock: .continuous)
            }
        }
    }
}

/// When each message was sent and how many of its room's watchers have it; the time to
/// the last of them is the delivery latency.
final class DeliveryLedger: Sendable {
    private let watchers: Int
    private let pending = NIOLockedValueBox<[String: (sent: NIODeadline, missing: Int)]>([:])
    private let counts = NIOLockedValueBox((sent: 0, complete: 0, deliveries: 0))
    let lastWatcher = LatencyRecorder("send to the last watcher")

    init(watchers: Int) {
        self.watchers = watchers
    }

    func send(_ key: String) -> NIODeadline {
        let now = NIODeadline.now()
        pending.withLockedValue { $0[key] = (now, watchers) }
        counts.withLockedValue { $0.sent += 1 }
        return now
    }

    func arrived(_ key: String) {
        let done: NIODeadline? = pending.withLockedValue { pending in
            guard var entry = pending[key] else { return nil }
            entry.missing -= 1
            pending[key] = entry.missing == 0 ? nil : entry
            return entry.missing == 0 ? entry.sent : nil
        }
        counts.withLockedValue {
            $0.deliveries += 1
            if done != nil { $0.complete += 1 }
        }
        if let done { lastWatcher.record(since: done) }
    }

    var sent: Int { counts.withLockedValue { $0.sent } }
    var complete: Int { counts.withLockedValue { $0.complete } }
    var deliveries: Int { counts.withLockedValue { $0.deliveries } }
}

/// The text of a `message_posted` event, found by scanning the frame's bytes. The watchers
/// get every message of their room, 50,000 frames a second for a thousand of them at 50
/// messages a second; decoding each with `JSONDecoder` took the whole of the generator's
/// core before the server's, so the bench measured itself.
enum PostedText {
    private static let kind = Array(#""kind":"message_posted""#.utf8)
    private static let textKey = Array(#""text":""#.utf8)

    /// The bench's own texts ("room.number") hold no quote or escape, so the value ends
    /// at the next quote.
    static func text(in frame: String) -> String? {
        var frame = frame
        return frame.withUTF8 { bytes -> String? in
            guard let kindAt = firstIndex(of: kind, in: bytes, from: 0),
                  let keyAt = firstIndex(of: textKey, in: bytes, from: kindAt + kind.count) else { return nil }
            let start = keyAt + textKey.count
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }

    private static func firstIndex(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            guard let found = bytes[index...(bytes.count - needle.count)].firstIndex(of: first) else { return nil }
            if bytes[found..<(found + needle.count)].elementsEqual(needle) { return found }
            index = found + 1
        }
        return nil
    }
}
