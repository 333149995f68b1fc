import Foundation
import NIOConcurrencyHelpers
import OXOClient
import OXOProtocol

/// One client's realtime connection, read to the end in a task of its own: the last state
/// of each game it heard of, the chat messages delivered to it, and the reconnects it made
/// (those after a server's 1012 come with no delay). What a player or a watcher would see.
final class Follower: Sendable {
    struct Seen: Sendable {
        var games: [GameID: GameView] = [:]
        var messages: Set<ChatMessageID> = []
        var reconnects = 0
        var restartReconnects = 0
        var inboxSnapshot = false
        var startedGames: Set<GameID> = []
        /// The socket's last `.connected` or `.reconnecting`, and when it came.
        var connection = "connecting"
    }

    let live: RealtimeConnection
    private let seen = NIOLockedValueBox(Seen())
    private let reader: Task<Void, Never>

    init(_ client: OXOClient, following topics: [Topic]) async throws {
        let live = try await client.connect(following: topics)
        self.live = live
        let seen = seen
        reader = Task {
            do {
                for try await update in live { seen.withLockedValue { Self.record(update, in: &$0) } }
            } catch {
                // The connection ended: what it saw stays.
            }
        }
    }

    private static func record(_ update: RealtimeUpdate, in seen: inout Seen) {
        switch update {
        case .reconnecting(let attempt, let delay):
            seen.connection = "reconnecting (attempt \(attempt), after \(delay)) at \(Date())"
            seen.reconnects += 1
            if delay == .zero { seen.restartReconnects += 1 }
        case .snapshot(_, _, let snapshot):
            if let game = snapshot.game { keep(game, in: &seen) }
            if case .chat(let messages) = snapshot { seen.messages.formUnion(messages.map(\.id)) }
            if case .inbox(let games, _) = snapshot {
                seen.inboxSnapshot = true
                seen.startedGames.formUnion(games.filter { $0.phase == .live }.map(\.id))
            }
        case .event(_, _, let event):
            if let game = event.game {
                keep(game, in: &seen)
                if event.kind == .gameStarted { seen.startedGames.insert(game.id) }
            }
            if case .messagePosted(let message) = event { seen.messages.insert(message.id) }
        case .connected:
            seen.connection = "connected at \(Date())"
        case .subscriptionRefused:
            break
        }
    }

    /// A later view of a game never gives way to an earlier one (a snapshot after a resume
    /// may come after events).
    private static func keep(_ game: GameView, in seen: inout Seen) {
        if let known = seen.games[game.id], known.moves.count > game.moves.count || known.phase == .finished && game.phase != .finished {
            return
        }
        seen.games[game.id] = game
    }

    var now: Seen { seen.withLockedValue { $0 } }

    /// Waits up to `seconds` for `condition` on what was seen; returns whether it came.
    func waitFor(seconds: Double = 20, _ condition: (Seen) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while !condition(now) {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(25))
        }
        return true
    }

    func close() async {
        await live.close()
        reader.cancel()
    }
}
