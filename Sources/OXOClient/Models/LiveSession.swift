import Foundation
import Observation
import OXOProtocol

/// A signed-in user's live link to the server, shared by the models built on it
/// (`LobbyModel`, `GameModel`, `InboxModel`): one realtime connection whose updates it hands
/// to the models that follow each topic.
///
/// The connection reconnects by itself and resumes every topic from the last event it
/// delivered, so the models need do nothing after a drop but wait; `isConnected` says how it
/// stands. Call `close()` when done (signing out, quitting): until then it keeps reconnecting.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor @Observable
public final class LiveSession {
    public nonisolated let client: OXOClient
    /// The signed-in user.
    public let me: PlayerSummary
    /// Whether the socket is open now. Models keep what they last showed while it is not.
    public private(set) var isConnected = false
    /// Set when the connection ended for good: closed, or refused by the server (a session
    /// signed out or revoked elsewhere gets `OXOClientError.socketRefused`).
    public private(set) var endedWith: OXOClientError?
    public private(set) var isEnded = false

    @ObservationIgnored let connection: RealtimeConnection
    @ObservationIgnored private var followers: [Topic: [Follower]] = [:]
    @ObservationIgnored private var pump: Task<Void, Never>?

    private struct Follower {
        let owner: ObjectIdentifier
        let receive: @MainActor (RealtimeUpdate) -> Void
    }

    /// Opens the realtime connection of a signed-in client.
    public static func start(_ client: OXOClient, options: RealtimeOptions = RealtimeOptions()) async throws -> LiveSession {
        var user = await client.user
        if user == nil { user = try await client.me() }
        guard let user else { throw OXOClientError.notSignedIn }
        let me = PlayerSummary(id: user.id, username: user.username, displayName: user.displayName, avatar: user.avatar, bot: user.bot)
        return LiveSession(client: client, me: me, connection: try await client.connect(options: options))
    }

    private init(client: OXOClient, me: PlayerSummary, connection: RealtimeConnection) {
        self.client = client
        self.me = me
        self.connection = connection
        pump = Task { [weak self, connection] in
            do {
                for try await update in connection {
                    self?.route(update)
                }
            } catch {
                self?.endedWith = error as? OXOClientError
            }
            self?.isConnected = false
            self?.isEnded = true
        }
    }

    /// Closes the connection; the models built on it stop changing.
    public func close() async {
        await connection.close()
        await pump?.value
    }

    /// Hands `topic`'s updates to `receive` from now on. Whoever follows a topic first gets
    /// its snapshot first; when another model already follows it, the topic is subscribed
    /// afresh, so that every follower starts from a snapshot the server sent.
    func follow(_ topic: Topic, by owner: AnyObject, _ receive: @escaping @MainActor (RealtimeUpdate) -> Void) async {
        let followedAlready = !(followers[topic]?.isEmpty ?? true)
        followers[topic, default: []].append(Follower(owner: ObjectIdentifier(owner), receive: receive))
        if followedAlready {
            await connection.unsubscribe(topic)
        }
        await connection.subscribe(topic)
    }

    /// Stops handing `topic`'s updates to `owner`; the last to go unsubscribes.
    func unfollow(_ topic: Topic, by owner: AnyObject) async {
        followers[topic]?.removeAll { $0.owner == ObjectIdentifier(owner) }
        guard followers[topic]?.isEmpty ?? false else { return }
        followers[topic] = nil
        await connection.unsubscribe(topic)
    }

    private func route(_ update: RealtimeUpdate) {
        switch update {
        case .connected:
            isConnected = true
        case .reconnecting:
            isConnected = false
        case .subscriptionRefused(let topic, let error) where error.code == .rateLimited:
            askAgain(for: topic)
        case .event(let topic, _, _), .snapshot(let topic, _, _), .subscriptionRefused(let topic, _):
            for follower in followers[topic] ?? [] {
                follower.receive(update)
            }
        }
    }

    /// A socket may subscribe only so often (30 times in 10 seconds), and a refusal is not
    /// the topic's answer: it is asked for again once the window has moved on, slowly
    /// enough that refusals never come ten in a row, which would close the socket.
    private func askAgain(for topic: Topic) {
        Task {
            try? await Task.sleep(for: Self.subscriptionRetryDelay)
            guard followers[topic] != nil else { return }
            await connection.subscribe(topic)
        }
    }

    private static let subscriptionRetryDelay = Duration.seconds(5)
}
