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
        case .newGame(let side, let variant):
            if case .success(let created) = await report(lobby.createGame(side: side, variant: variant), { created in
                let board = GameChoice.named(created.variant).map { " (\($0))" } ?? ""
                return "Created game \(created.code)\(board): waiting for an opponent."
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
        case .challenge(let name, let choice):
            guard let player = lobby.others.first(where: { $0.player.username.lowercased() == name.lowercased() }) else {
                status = "\(name) is not online."
                return
            }
            report(await lobby.challenge(player.player.id, side: choice.side, timeControl: choice.timeControl,
                                         variant: choice.variant)) { challenge in
                let board = GameChoice.named(challenge.variant).map { " to \($0)" } ?? ""
                return "Challenged \(challenge.opponent.username)\(board): waiting for an answer."
            }
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
        case .random(let control, let variant):
            if lobby.isWaitingForRandom {
                report(await lobby.leaveRandom()) { _ in "Left Play random." }
            } else {
                report(await lobby.playRandom(timeControl: control, variant: variant)) { answer in
                    let board = GameChoice.named(variant).map { " " + $0 } ?? ""
                    return answer.state == .waiting ? "Waiting for someone to play\(board)…" : "Paired!"
                }
            }
        case .bell:
            showsBell.toggle()
            if showsBell, inbox.unread > 0 { await inbox.markAllRead() }
        case .play(let typed):
            guard let game else { status = "Open a game first: new, join, or choose one."; return }
            switch TypedCell.read(typed, on: game.variant) {
            case .cell(let index): await play(index, in: game)
            case .outsideBoard: status = Messages.refusal(.outsideBoard, of: typed, at: nil, in: game.position)
            case .notACell: status = Messages.notACell(typed, on: game.variant)
            }
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
            status = (game.map { TypedCommand.gameHelp(on: $0.variant) } ?? TypedCommand.lobbyHelp).joined(separator: " · ")
        case .signOut:
            try? await live.client.logout()
            signedOut = true
            isDone = true
        case .quit:
            isDone = true
        }
    }

    /// Plays cell `index` of `game`, typed or chosen with the arrows. A move the board in
    /// view already refuses is explained in `oxo play`'s words without asking the server;
    /// any other goes to the server, which decides.
    func play(_ index: Int, in game: GameModel) async {
        cursor = index
        let name = CellName.name(of: index, in: game.variant)
        if game.isMyTurn, let mark = game.myMark {
            let position = game.position
            do {
                _ = try position.playing(index: index, as: mark)
            } catch where [.cellOccupied, .closedBoard, .wrongBoard].contains(error) {
                status = Messages.refusal(error, of: name, at: index, in: position)
                return
            } catch {}
        }
        // The answer may be a while: say what is happening until it comes.
        status = live.isConnected ? "Playing \(name)…" : "Waiting for the server to come back: \(name) is played when it does."
        report(await game.play(index)) { _ in "You played \(name)." }
    }
}
