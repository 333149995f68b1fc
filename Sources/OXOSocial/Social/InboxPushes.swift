import Foundation
import OXOAccounts
import OXOCore
import OXOPlay
import OXOProtocol
import SQLKit

/// The notifications that also reach a closed app through Web Push, and what each says
/// on the lock screen, in the words of the person's language (`Words`). The link is the web
/// client's own route (Public/js/router.js).
enum InboxPushes {
    static let kinds: Set<NotificationKind> = [.yourTurn, .timeRunningOut, .challengeReceived, .friendRequest, .message,
                                                   .tournamentInvitation, .tournamentGame]

    /// Each game's pushes share a tag, so the newest of them replaces the others on a device.
    static func message(_ kind: NotificationKind, actor: PlayerSummary, game: UUID?, challenge: UUID?, tournament: UUID?,
                        in words: Words) -> PushMessage? {
        let name = actor.displayName
        let day = 24 * 3600
        func push(_ push: Words.Push, url: String, tag: String, urgency: PushMessage.Urgency, timeToLive: Int) -> PushMessage {
            PushMessage(kind: kind.rawValue, title: push.title(name), body: push.body(name), url: url, tag: tag, urgency: urgency,
                        timeToLive: timeToLive)
        }
        switch kind {
        case .yourTurn:
            guard let game else { return nil }
            return push(words.yourTurn, url: "/#/game/\(game.lowercasedText)", tag: "game-\(game.lowercasedText)",
                        urgency: .high, timeToLive: day)
        case .timeRunningOut:
            guard let game else { return nil }
            return push(words.timeRunningOut, url: "/#/game/\(game.lowercasedText)", tag: "game-\(game.lowercasedText)",
                        urgency: .high, timeToLive: day)
        case .challengeReceived:
            guard let challenge else { return nil }
            return push(words.challengeReceived, url: "/#/", tag: "challenge-\(challenge.lowercasedText)",
                        urgency: .normal, timeToLive: day)
        case .friendRequest:
            return push(words.friendRequest, url: "/#/friends", tag: "friend-request-\(actor.id)", urgency: .normal,
                        timeToLive: 7 * day)
        case .message:
            return push(words.message, url: "/#/messages/\(actor.id)", tag: "message-\(actor.id)", urgency: .normal,
                        timeToLive: day)
        case .tournamentInvitation:
            guard let tournament else { return nil }
            return push(words.tournamentInvitation, url: "/#/tournament/\(tournament.lowercasedText)",
                        tag: "tournament-\(tournament.lowercasedText)", urgency: .normal, timeToLive: day)
        case .tournamentGame:
            guard let game else { return nil }
            return push(words.tournamentGame, url: "/#/game/\(game.lowercasedText)", tag: "game-\(game.lowercasedText)",
                        urgency: .high, timeToLive: day)
        case .friendAccepted, .friendRenamed, .newFollower, .rematchOffered:
            return nil
        }
    }
}

extension NotificationWrites {
    /// Queues the push a notification of `kind` makes, for `user`'s devices, unless the
    /// user muted the kind, one of user and actor blocked the other, or `onlyWhenAway` and
    /// a client of theirs is connected to any process. Asked before the inbox's own "once
    /// until read", since a device should hear of every turn even while the first one
    /// waits unread in the inbox. A player with a client connected to this process is not
    /// away (`ConnectedHere`): nothing is asked of the database for them.
    func pushNotification(_ user: UUID, _ kind: NotificationKind, actor: UUID?, game: UUID?, challenge: UUID?,
                          tournament: UUID? = nil, knownActor: PlayerSummary?, onlyWhenAway: Bool) async throws {
        guard let actor, InboxPushes.kinds.contains(kind), !(onlyWhenAway && context[ConnectedHereKey.self].isConnected(user)),
              try await reads.push.hasSubscriptions(user),
              try await NotificationInsert.pushRefused.on(sql, user, kind.rawValue, actor).first() == nil
        else { return }
        let summary: PlayerSummary? = if let knownActor { knownActor } else { try await PlayerNames.summary(of: actor, on: sql) }
        let words = Words.in(try await UserLanguage.of(user, on: sql))
        guard let summary, let message = InboxPushes.message(kind, actor: summary, game: game, challenge: challenge,
                                                                                tournament: tournament, in: words)
        else { return }
        if onlyWhenAway {
            try await change.push.queue(message, to: user, unless: PresenceQueries.isOnline)
        } else {
            try await change.push.queue(message, to: user)
        }
    }
}
