import Foundation
import OXOClient
import OXOProtocol
@testable import OXOCore
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer

extension OXOClient {
    /// Opens a socket that follows the user's inbox (and `topics`), returning once the
    /// inbox's snapshot came: from then on the server counts the user online.
    func goOnline(following topics: [Topic] = []) async throws -> RealtimeConnection {
        let inbox = try await inboxTopic()
        let live = try connect(following: [inbox] + topics)
        _ = try await live.updates { if case .snapshot(inbox, _, _) = $0 { true } else { false } }
        return live
    }

    func inboxTopic() async throws -> Topic {
        guard let me = user?.id else { throw OXOClientError.notSignedIn }
        return .user(me)
    }

    func id() async throws -> UserID {
        guard let me = user?.id else { throw OXOClientError.notSignedIn }
        return me
    }
}

extension RealtimeConnection {
    /// Reads until an event on `topic` satisfies `stop`, and returns that event.
    func event(on topic: Topic, where stop: @escaping @Sendable (TopicEvent) -> Bool) async throws -> TopicEvent {
        let updates = try await updates {
            if case .event(topic, _, let event) = $0 { return stop(event) }
            return false
        }
        guard case .event(_, _, let event) = updates.last else { throw TimedOut(seconds: 0) }
        return event
    }
}

extension TestServer {
    /// Moves `clock` on by `seconds` and returns once the housekeeping timer has run at the
    /// new time: timers are driven by the clock, never by waiting. A run is about twenty
    /// statements; while the whole PostgreSQL suite starts its hundreds of servers at once,
    /// runs took up to 19 s here and more than 10 s on CI, so the wait is long: it costs a
    /// passing test nothing.
    /// `timer` names the run counted: the main timer's unless told (the clock timer ends
    /// games whose time ran out).
    func advance(_ clock: ManualClock, by seconds: TimeInterval,
                 timer: KeyPath<Housekeeper, Int> & Sendable = \.completedRuns) async throws {
        let housekeeper = app.housekeeper
        let before = housekeeper[keyPath: timer]
        clock.advance(by: seconds)
        try await within(60) {
            while housekeeper[keyPath: timer] <= before { try await Task.sleep(for: .milliseconds(5)) }
        }
    }

    /// How many rows `table` holds now.
    func count(_ table: String) async throws -> Int {
        try await app.db.sql.raw("SELECT COUNT(*) AS n FROM \(ident: table)").first()?.decode(column: "n", as: Int.self) ?? 0
    }
}

/// The stable code of a refusal, or nil for a success or another kind of failure.
func refusalCode<T>(_ result: Result<T, any Error>) -> ErrorCode? {
    if case .failure(let error as APIError) = result { return error.code }
    return nil
}

/// The stable code `body` is refused with; nil when it succeeds.
func refusal<T: Sendable>(_ body: () async throws -> T) async -> ErrorCode? {
    refusalCode(await outcome(body))
}
