import OXOClient
import OXOProtocol

@available(macOS 14.0, *)
extension OnlineApp {
    /// Everything on the screen now: who and how connected, the bell when open, the lobby
    /// or the game, what happened last, the commands, and the line being typed.
    func frame(renderer: BoardRenderer) -> Frame {
        let rule = String(repeating: "─", count: max(10, min(size.columns, 100)))
        var lines = [header, rule]
        if showsBell { lines += bellLines() + [""] }
        // The status is wrapped at the window's width, not cut: it is what the player must read.
        let footer = [rule] + Frame.wrapped(status ?? "", to: size.columns)
            + (game.map { TypedCommand.gameHelp(on: $0.variant) } ?? TypedCommand.lobbyHelp)
        if let game {
            // What is left between the lines above and the footer and prompt below, less the
            // game's own first line; line by line, nothing is cut, so the board shows whole.
            let room = size.rows - lines.count - 1 - footer.count - 1
            lines += gameLines(game, renderer: renderer, boardHeight: isPlain ? nil : room)
        } else {
            lines += lobbyLines()
        }
        return Frame(lines: lines, footer: footer, prompt: "> " + input)
    }

    private var header: String {
        let connection = live.isEnded ? "signed out" : live.isConnected ? "online" : "reconnecting…"
        var parts = ["OXO", live.me.username, connection]
        if inbox.unread > 0 { parts.append("bell: \(inbox.unread) new (type bell)") }
        if inbox.unreadMessages > 0 { parts.append("\(inbox.unreadMessages) unread messages") }
        return parts.joined(separator: " · ")
    }

    private func bellLines() -> [String] {
        ["Notifications (bell closes them)"] + (inbox.notifications.isEmpty ? ["    none"] : inbox.notifications.prefix(5).map {
            "    \(Self.sentence(for: $0))"
        })
    }

    static func sentence(for notification: InboxNotification) -> String {
        let who = notification.actor?.shownName ?? "Someone"
        switch notification.kind {
        case .yourTurn: return "Your turn against \(who)."
        case .challengeReceived: return "\(who) challenged you."
        case .friendRequest: return "\(who) asks to be friends."
        case .friendAccepted: return "\(who) accepted your friend request."
        case .friendRenamed: return "\(notification.previousDisplayName ?? who) is now called \(notification.actor?.displayName ?? who)."
        case .newFollower: return "\(who) follows you."
        case .rematchOffered: return "\(who) offers a rematch."
        case .message: return "\(who) sent you a message."
        case .timeRunningOut: return "A quarter of your time is left against \(who)."
        case .tournamentInvitation: return "\(who) invites you to a tournament."
        case .tournamentGame: return "Your tournament game against \(who) has begun."
        }
    }
}
