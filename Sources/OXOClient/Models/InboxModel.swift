import Foundation
import Observation
import OXOProtocol

/// The bell and the conversations, live: notifications newest first with the number
/// unread, and the direct conversations with their unread counts.
///
/// Pages are read by REST whenever the user's topic starts afresh (first, and after a
/// reconnect that missed too much); each notification event then changes them at once,
/// and a notification of a message reads the conversations again. A read in flight when
/// an event comes is followed by another, so what stays is what the server said last.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor @Observable
public final class InboxModel {
    @ObservationIgnored public let live: LiveSession
    /// The newest notifications, newest first (the first page of the inbox).
    public private(set) var notifications: [InboxNotification] = []
    /// Notifications not read yet, all of them, not only those shown.
    public private(set) var unread = 0
    /// Conversations with messages, the latest first.
    public private(set) var conversations: [Conversation] = []
    /// The last action's (or read's) refusal; nil after one that succeeded.
    public private(set) var refusal: Refusal?

    @ObservationIgnored private var reading: Task<Void, Never>?
    @ObservationIgnored private var readAgain = false

    public init(on live: LiveSession) async {
        self.live = live
        await live.follow(.user(live.me.id), by: self) { [weak self] in self?.receive($0) }
    }

    public func close() async {
        await live.unfollow(.user(live.me.id), by: self)
        await reading?.value
    }

    /// Messages not read yet, over all conversations.
    public var unreadMessages: Int { conversations.reduce(0) { $0 + $1.unread } }

    // MARK: Actions

    @discardableResult
    public func markRead(_ notification: NotificationID) async -> Result<Void, Refusal> {
        await act { try await self.live.client.markRead(notification) }
    }

    @discardableResult
    public func markAllRead() async -> Result<Void, Refusal> {
        await act { try await self.live.client.markAllRead() }
    }

    /// Marks a conversation read up to its last message.
    @discardableResult
    public func markRead(_ conversation: Conversation) async -> Result<Void, Refusal> {
        let result = await act {
            guard let last = conversation.lastMessage else { return }
            try await self.live.client.markConversationRead(conversation.id, through: last.seq)
        }
        readPages()
        return result
    }

    /// Reads the pages again, as after a reconnect.
    public func refresh() {
        readPages()
    }

    private func act<Value>(_ action: () async throws -> Value) async -> Result<Void, Refusal> {
        let result = await outcome(of: action).map { _ in () }
        refusal = result.failure
        return result
    }

    // MARK: The user's topic

    private func receive(_ update: RealtimeUpdate) {
        switch update {
        case .snapshot:
            readPages()
        case .event(_, _, .notificationAdded(let notification)):
            guard !notifications.contains(where: { $0.id == notification.id }) else { return }
            notifications.insert(notification, at: 0)
            if !notification.read { unread += 1 }
            if notification.kind == .message || reading != nil { readPages() }
        case .event(_, _, .yourTurn(let game)):
            turnHeard(in: game)
        case .event(_, _, .gameFinished(let game)):
            turnEnded(in: game.id)
        case .event(_, _, .notificationsRead(let read)):
            notifications = notifications.map { notification in
                read.notification == nil || read.notification == notification.id ? notification.markedRead : notification
            }
            unread = read.unread
            if reading != nil { readPages() }
        default:
            break
        }
    }

    /// "Your turn" is listed by the server from the games, not stored: its entry (with the
    /// game's id) comes with the `your_turn` event, and goes when the game ends or, after
    /// this player moves, at the next read of the pages.
    private func turnHeard(in game: GameView) {
        guard let opponent = game.opponent(of: live.me.id) else { return }
        let before = notifications.first { $0.id.rawValue == game.id.rawValue }
        notifications.removeAll { $0.id.rawValue == game.id.rawValue }
        notifications.insert(InboxNotification(id: NotificationID(rawValue: game.id.rawValue), kind: .yourTurn, actor: opponent,
                                               game: game.id, challenge: nil, previousDisplayName: nil, read: false,
                                               createdAt: Date()), at: 0)
        if before?.read != false { unread += 1 }
    }

    private func turnEnded(in game: GameID) {
        guard let entry = notifications.first(where: { $0.kind == .yourTurn && $0.game == game }) else { return }
        notifications.removeAll { $0.id == entry.id }
        if !entry.read { unread -= 1 }
    }

    /// Reads the first page of notifications and the conversations; when a read is under
    /// way, one more follows it.
    private func readPages() {
        readAgain = true
        guard reading == nil else { return }
        reading = Task {
            while readAgain {
                readAgain = false
                async let page = live.client.notifications()
                async let talks = live.client.conversations()
                do {
                    let (page, talks) = try await (page, talks)
                    notifications = page.notifications
                    unread = page.unread
                    conversations = talks.conversations
                } catch {
                    refusal = Refusal(error)
                }
            }
            reading = nil
        }
    }
}

extension InboxNotification {
    var markedRead: InboxNotification {
        InboxNotification(id: id, kind: kind, actor: actor, game: game, challenge: challenge, tournament: tournament,
                          previousDisplayName: previousDisplayName, read: true, createdAt: createdAt)
    }
}
