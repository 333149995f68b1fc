import Foundation
import OXOClient
import OXOProtocol
import TicTacToe

extension TestServer {
    /// A newly registered user, signed in through the SDK. The caller shuts it down.
    func player(_ name: String, port: Int? = nil) async throws -> OXOClient {
        try await OXOClient.register(
            username: name, email: "\(name)@example.org", password: "password-\(name)",
            at: URL(string: "http://127.0.0.1:\(port ?? self.port)")!)
    }
}

/// Fails when `body` takes longer than `seconds`: a test that waits for an event that
/// never comes fails instead of hanging the suite.
func within<T: Sendable>(_ seconds: Double = 20, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            throw TimedOut(seconds: seconds)
        }
        let result = try await group.next()!
        group.cancelAll()
        return result
    }
}

struct TimedOut: Error, CustomStringConvertible {
    let seconds: Double
    var description: String { "nothing came within \(seconds) s" }
}

extension RealtimeConnection {
    /// Reads updates until one satisfies `stop`, and returns all read, that one last.
    func updates(until stop: @escaping @Sendable (RealtimeUpdate) -> Bool) async throws -> [RealtimeUpdate] {
        try await within {
            var read: [RealtimeUpdate] = []
            for try await update in self {
                read.append(update)
                if stop(update) { return read }
            }
            throw TimedOut(seconds: 0)
        }
    }

    /// Reads until the game topic's event of `kind` arrives.
    func events(until kind: TopicEvent.Kind, on topic: Topic) async throws -> [RealtimeUpdate] {
        try await updates {
            if case .event(topic, _, let event) = $0 { return event.kind == kind }
            return false
        }
    }
}

extension Array where Element == RealtimeUpdate {
    /// The events of `topic`, with their numbers, in the order they came.
    func events(on topic: Topic) -> [(seq: Int, event: TopicEvent)] {
        compactMap {
            if case .event(topic, let seq, let event) = $0 { return (seq, event) }
            return nil
        }
    }
}

/// The result of an async call, success or error, for racing many of them.
/// Runs `body` for every one of `items` at once, and returns each one's outcome in the
/// order of `items`: how the racing tests race.
func concurrently<Item: Sendable, T: Sendable>(
    _ items: some Sequence<Item>, _ body: @escaping @Sendable (Item) async throws -> T
) async -> [Result<T, any Error>] {
    let items = Array(items)
    return await withTaskGroup(of: (Int, Result<T, any Error>).self) { group in
        for (index, item) in items.enumerated() {
            group.addTask { (index, await outcome { try await body(item) }) }
        }
        var outcomes = [Result<T, any Error>?](repeating: nil, count: items.count)
        for await (index, result) in group { outcomes[index] = result }
        return outcomes.map { $0! }
    }
}

func outcome<T: Sendable>(_ body: () async throws -> T) async -> Result<T, any Error> {
    do {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}
