import Foundation
import OXOClient
import Testing

/// A new player with a live session on `server`, reconnecting quickly so that tests that
/// restart the server do not wait out the usual back-off.
@MainActor
func signUp(_ name: String, on server: ServeProcess) async throws -> LiveSession {
    let client = try await OXOClient.register(username: name, email: "\(name)@example.org",
                                              password: "password-\(name)", at: URL(string: server.url)!)
    return try await LiveSession.start(client, options: quickReconnects)
}

let quickReconnects = RealtimeOptions(firstRetryDelay: .milliseconds(50), maximumRetryDelay: .milliseconds(500))

/// Waits until `condition` holds, as the models change with what the server sends; records
/// an issue naming `what` if it does not within `timeout`. A whole `swift test` runs dozens
/// of server and bot processes at once on two cores, where a wait that takes a second alone
/// took over 15 s (a bot's acceptance, a friend request in the bell): hence 30.
@MainActor
func eventually(_ what: String, timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation,
                _ condition: @MainActor () -> Bool) async {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("still waiting for \(what)", sourceLocation: sourceLocation)
            return
        }
        try? await Task.sleep(for: .milliseconds(20))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
