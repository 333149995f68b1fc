import Foundation
import OXOClient
import OXOProtocol
import TicTacToe

@available(macOS 14.0, *)
extension OnlineApp {
    func run(_ line: String) async {
        guard let command = TypedCommand(line) else {
            status = "“\(line)” is not a command; type help."
            return
        }
        await run(command)
    }

    func run(_ command: TypedCommand) async {
        switch command {
        case .newGame(let side):
            if case .success(let created) = await report(lobby.createGame(side: side), {
                "Created game \($0.code): waiting for an opponent."
            }) {
                await open(created.id)
            }
        case .join(let code?):
            await join(code)
        case .join(nil):
            guard let game else { status = "Type join and the game's code."; return }
            report(await game.join()) { _ in "You took the free seat." }
        case .watch(let code):
            if case .success(let found) = await report(lobby.find(code), { "Watching game \($0.code)." }) {
                await open(found.id)
            }
        case .challenge(let name, let side):
            guard let player = lobby.others.first(where: { $0.player.username.lowercased() == name.lowercased() }) else {
                status = "\(name) is not online."
                return
            }
            report(await lobby.challenge(player.player.id, side: side)) { "Challenged \($0.opponent.username): waiting for an answer." }
        case .accept(let number), .decline(let number):
            guard lobby.challengesReceived.indices.contains(number - 1) else { status = "There is no challenge \(number)."; return }
            let challenge = lobby.challengesReceived[number - 1]
            if case .accept = command {
                report(await lobby.accept(challenge.id)) { "Accepted \($0.challenger.username)'s challenge." }
            } else {
                report(await lobby.decline(challenge.id)) { "Declined \($0.challenger.username)'s challenge." }
            }
        case .cancel:
            for challenge in lobby.challengesMade {
                report(await lobby.cancel(challenge.id)) { "Withdrew the challenge to \($0.opponent.username)." }
            }
        case .random(let control):
            if lobby.isWaitingForRandom {
                report(await lobby.leaveRandom()) { _ in "Left Play random." }
            } else {
                report(await lobby.playRandom(timeControl: control)) { $0.state == .waiting ? "Waiting for someone to play…" : "Paired!" }
            }
        case .bell:
            showsBell.toggle()
            if showsBell, inbox.unread > 0 { await inbox.markAllRead() }
        case .play(let cell):
            guard let game else { status = "Open a game first: new, join, or choose one."; return }
            cursor = cell
            // The answer may be a while: say what is happening until it comes.
            status = live.isConnected ? "Playing \(cell.name)…"
                : "Waiting for the server to come back: \(cell.name) is played when it does."
            report(await game.play(cell)) { _ in "You played \(cell.name)." }
        case .say(let text):
            guard let game else { status = "Chat is in a game."; return }
            report(await game.say(text)) { _ in "" }
        case .resign:
            guard let game else { return }
            report(await game.resign()) { _ in "You resigned." }
        case .rematch:
            guard let game else { return }
            report(await game.offerRematch()) { _ in "You offered a rematch." }
        case .claim:
            guard let game else { return }
            report(await game.claimWin()) { _ in "You claimed the win." }
        case .back:
            await backToLobby()
        case .help:
            status = (game == nil ? TypedCommand.lobbyHelp : TypedCommand.gameHelp).joined(separator: " · ")
        case .signOut:
            try? await live.client.logout()
            signedOut = true
            isDone = true
        case .quit:
            isDone = true
        }
    }
}
