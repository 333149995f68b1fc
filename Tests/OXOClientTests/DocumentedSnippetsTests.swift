import Foundation
import OXOClient
import OXOProtocol
import Testing
import TicTacToe

// Every ```swift block of README.md and docs/SDK.md, copied here between two marker
// comments (`// <document>, swift block <n>: begin` and `: end`, counting the document's
// swift blocks from 1) and compiled with the suite: a snippet that no longer matches the
// SDK fails the build, and `DocumentedSnippetsTests` fails when a block of a document and
// its copy here differ (anything but indentation and blank lines) or when one has no copy.
//
// The functions are compiled, never run: no server answers them. What a snippet takes
// without making it (a client, the server's address, a player's id, a photo's bytes) is a
// parameter of its function.
enum DocumentedSnippets {
    /// README.md, "Play through the API": the SDK does what the curl walkthrough does.
    static func readme1() async throws {
        // README.md, swift block 1: begin
        let alice = try await OXOClient.register(username: "alice", email: "alice@example.org",
                                                 password: "correct horse", at: URL(string: "http://127.0.0.1:8080")!)
        var game = try await alice.createGame(side: .x)
        let live = try await alice.connect(following: [.game(game.id)])  // an AsyncSequence of events
        game = try await alice.move(4, in: game)

        // Gomoku against the computer: cells are row-major on the 15×15 grid, 112 its centre.
        var gomoku = try await alice.createGame(side: .x, mode: .computer, level: .medium, variant: .gomoku)
        gomoku = try await alice.move(112, in: gomoku)  // the computer's reply comes as the game's next event
        let legal = try VariantGame(gomoku.variant, moves: gomoku.moves.map(\.cell)).legalMoves
        // README.md, swift block 1: end
        _ = (live, legal)
    }

    /// docs/SDK.md, the opening example.
    static func sdk1(server: URL) async throws {
        // docs/SDK.md, swift block 1: begin
        let alice = try await OXOClient.register(username: "alice", email: "alice@example.com",
                                                 password: "correct horse", at: server)
        let game = try await alice.createGame(side: .x)
        let live = try await alice.connect(following: [.game(game.id)])
        for try await update in live { print(update) }
        await live.close()
        // docs/SDK.md, swift block 1: end
    }

    /// docs/SDK.md, playing together.
    static func sdk2(alice: OXOClient, bob: OXOClient, carol: OXOClient, bobID: UserID, finished: GameView) async throws {
        // docs/SDK.md, swift block 2: begin
        let online = try await alice.onlinePlayers().players          // follow .presence for changes
        let asked = try await alice.challenge(bobID, side: .o)         // bob's inbox: challenge_changed
        try await bob.markSeen(asked.id)                               // once bob's app has shown it
        let game = try await bob.accept(asked.id).game!                // the new game's id; both inboxes: game_started

        let status = try await carol.playRandom()                      // .matched with a game, or .waiting
        if status.state == .waiting { /* game_started arrives in carol's inbox */ }

        try await alice.offerRematch(finished.id)                      // when both have: rematch.game
        let score = try await alice.series(with: bobID)                // wins, losses, draws
        try await alice.claimWin(game)                                 // after the opponent's claimable_at
        // docs/SDK.md, swift block 2: end
        _ = (online, score)
    }

    /// docs/SDK.md, the account itself.
    static func sdk3(alice: OXOClient) async throws {
        // docs/SDK.md, swift block 3: begin
        try await alice.updateLanguage(.fr)                            // pushes and mails in French; me().language == .fr
        try await alice.updateMe(displayName: "Alice", language: .es)  // both at once; what is left out stays
        let sessions = try await alice.sessions()                      // device, address, lastUsedAt, current
        try await alice.endOtherSessions()                             // "sign out everywhere else"
        let everything = try await alice.exportAccount()               // games, messages, photos' bytes, …
        try await alice.deleteAccount(password: "correct horse")       // a guest passes nil
        // docs/SDK.md, swift block 3: end
        _ = (sessions, everything)
    }

    /// docs/SDK.md, finished games.
    static func sdk4(alice: OXOClient, bobID: UserID) async throws {
        // docs/SDK.md, swift block 4: begin
        let page = try await alice.finishedGames(of: bobID, limit: 20)    // last to end first; pass page.nextCursor
        let replay = try await alice.replay(of: page.games[0].id)          // each move: verdict, outcome, bestCells
        let mistakes = replay.moves.filter { $0.verdict == .mistake }
        let text = try await alice.notation(of: replay.game.id)            // "# …" header, then "1. b2 X" lines
        let state = try Notation.parse(text)                               // back to a GameState (TicTacToe)
        // docs/SDK.md, swift block 4: end
        _ = (mistakes, state)
    }

    /// docs/SDK.md, photos and avatars.
    static func sdk5(server: URL, photoData: Data, otherPhoto: Data, game: GameView) async throws {
        // docs/SDK.md, swift block 5: begin
        let carol = try await OXOClient.register(username: "carol", email: "carol@example.com",
                                                 password: "correct horse", avatar: photoData, at: server)
        try await carol.setAvatar(otherPhoto, contentType: "image/jpeg")   // PNG, JPEG, WebP or GIF, ≤ 2 MB
        try await carol.removeAvatar()                                      // back to the initials
        let url = try carol.avatarURL(game.x!.player!.avatar)               // a full URL for an image view
        // docs/SDK.md, swift block 5: end
        _ = url
    }

    /// docs/SDK.md, profiles and the leaderboard.
    static func sdk6(alice: OXOClient, bobID: UserID) async throws {
        // docs/SDK.md, swift block 6: begin
        let mine = try await alice.profile()                           // record, rating, rating_history, current games
        let bobs = try await alice.profile(of: bobID)                  // … online / last_seen_at, and the series with alice
        let top = try await alice.leaderboard(by: .rating, limit: 20)  // rows with rank, and `me` wherever alice stands
        let more = try await alice.leaderboard(by: .rating, cursor: top.nextCursor)
        let week = try await alice.leaderboard(by: .weeklyWins)        // rated wins since Monday 00:00 UTC
        // docs/SDK.md, swift block 6: end
        _ = (mine, bobs, more, week)
    }

    /// docs/SDK.md, friends, follows, blocks and the inbox.
    static func sdk7(alice: OXOClient, bob: OXOClient, carol: OXOClient, aliceID: UserID, bobID: UserID, carolID: UserID) async throws {
        // docs/SDK.md, swift block 7: begin
        try await alice.befriend(username: "bob")                      // bob: notification friend_request
        try await bob.acceptFriendship(from: aliceID)                  // alice: friend_accepted
        let friends = try await alice.friends()                        // .friends (online first), .incoming, .outgoing
        if friends.friends.first?.previousDisplayName != nil {         // shown "Sam (was Samuel)", until…
            try await alice.markNameSeen(of: friends.friends[0].player.id)
        }
        try await alice.removeFriendship(with: bobID)                  // also cancels or declines a request

        try await carol.follow(bobID)                                  // bob: new_follower, once
        let fans = try await bob.followers(of: bobID, limit: 20)       // .players, .nextCursor
        let relation = try await carol.relation(with: bobID)           // friend, following, followedBy, blocked
        try await bob.block(carolID)                                   // carol gets APIError .blocked from then on
        let hidden = try await carol.blocks().hidden                   // leave these out of lobby and presence

        let inbox = try await bob.notifications()                      // .notifications newest first, .unread
        try await bob.markRead(inbox.notifications[0].id)
        try await bob.markAllRead()
        try await bob.setNotificationSettings(NotificationSettings(muted: [.newFollower]))
        // docs/SDK.md, swift block 7: end
        _ = (fans, relation, hidden)
    }

    /// docs/SDK.md, the game catalogue.
    static func sdk8(alice: OXOClient, bobID: UserID) async throws {
        // docs/SDK.md, swift block 8: begin
        let found = try await alice.searchCatalogue("zelda breath", limit: 20)   // .games, best first; .nextCursor
        let zelda = try await alice.catalogueGame(found.games[0].id)             // facts, playerCount, mine
        try await alice.addToMyGames(zelda.id)                                    // twice changes nothing
        let players = try await alice.cataloguePlayers(of: zelda.id)             // .players: player, status, following
        let bobsGames = try await alice.catalogueGames(of: bobID)                // latest added first
        try await alice.removeFromMyGames(zelda.id)
        // docs/SDK.md, swift block 8: end
        _ = (players, bobsGames)
    }

    /// docs/SDK.md, chat.
    static func sdk9(alice: OXOClient, bob: OXOClient, game: GameView, bobID: UserID, jpegData: Data, server: URL, adminToken: String,
                     tournament: Tournament) async throws {
        // docs/SDK.md, swift block 9: begin
        let room = ChatRoom.players(game.id)                           // .watchers(game.id) for everyone watching
        let live = try await alice.connect(following: [.chat(room)])   // snapshot: the last 50, then each message live
        try await alice.sendMessage("good luck", to: room)             // 5 in 5 s at most, across rooms (.rateLimited)
        let older = try await alice.chatHistory(of: room, before: 51)  // 50 a page, oldest first; .before for the next

        let talk = try await alice.openConversation(with: bobID)       // one per pair; .blocked if either blocked the other
        let photo = try await alice.uploadChatPhoto(jpegData, contentType: "image/jpeg")
        let sent = try await alice.sendMessage("look", photo: photo.photo, to: talk.room)
        let list = try await bob.conversations()                       // newest first: .with, .lastMessage, .unread
        try await bob.markConversationRead(talk.id, through: sent.seq) // alice hears messagesSeen; bob's notification is read
        try await alice.deleteMessage(sent.id)                         // stays in place, shown as deleted
        try await bob.reportMessage(sent.id, reason: "spam")           // kept as it was for `oxo admin reports`

        let moderator = OXOClient(baseURL: server, token: adminToken)  // the token of `oxo serve --admin-token`
        let reports = try await moderator.reports().reports            // newest first, text as it was
        try await moderator.moderatorDeleteMessage(reports[0].message)
        try await moderator.suspend(username: "mallory")               // no sign-in (.accountSuspended); sessions end
        try await moderator.reinstate(username: "mallory")
        try await moderator.moderatorCancelTournament(tournament.id)    // anyone's, private ones too
        // docs/SDK.md, swift block 9: end
        _ = (live, older, list)
    }

    /// docs/SDK.md, passwords and mailed links.
    static func sdk10(alice: OXOClient, anyone: OXOClient, token: String) async throws {
        // docs/SDK.md, swift block 10: begin
        try await alice.changePassword(current: "correct horse", new: "battery staple")  // other sessions end
        try await anyone.requestPasswordReset(email: "alice@example.com")  // the same answer for any address
        try await anyone.resetPassword(token: token, newPassword: "horse battery")     // every session ends
        try await anyone.verifyEmail(token: token)                         // then `me().emailVerified`
        try await alice.requestEmailVerification()                         // a new link to confirm the address
        // docs/SDK.md, swift block 10: end
    }

    /// docs/SDK.md, two-step sign-in.
    static func sdk11(alice: OXOClient, server: URL) async throws {
        // docs/SDK.md, swift block 11: begin
        let enrolment = try await alice.startTwoStep(password: "correct horse")  // secret and otpauth:// URI
        let recovery = try await alice.confirmTwoStep(code: "287082").codes      // on; keep these ten codes
        let phone = try await OXOClient.login("alice", password: "correct horse",
                                              secondFactor: SecondFactorProof(totp: "512374"), at: server)
        try await phone.stopTwoStep(password: "correct horse", proof: SecondFactorProof(recoveryCode: recovery[0]))
        // docs/SDK.md, swift block 11: end
        _ = enrolment
    }

    /// docs/SDK.md, push notifications.
    static func sdk12(alice: OXOClient, endpoint: String, p256dh: String, auth: String) async throws {
        // docs/SDK.md, swift block 12: begin
        let key = try await alice.pushPublicKey()                  // the applicationServerKey to subscribe with
        let device = try await alice.registerPushSubscription(.webPush(endpoint: endpoint, p256dh: p256dh, auth: auth))
        let devices = try await alice.pushSubscriptions()          // oldest first, at most 10
        try await alice.removePushSubscription(id: device.id)
        // docs/SDK.md, swift block 12: end
        _ = (key, devices)
    }

    /// docs/SDK.md, tournaments.
    static func sdk13(alice: OXOClient, bob: OXOClient) async throws {
        // docs/SDK.md, swift block 13: begin
        let arena = try await alice.createTournament(CreateTournamentRequest(
            kind: .arena, name: "Friday arena", timeControl: .clock(minutes: 3, increment: 2),
            startsAt: Date().addingTimeInterval(600), durationMinutes: 60))
        let bobID = try await bob.me().id
        try await alice.inviteToTournament(arena.id, players: [bobID]) // friends; each hears of it once
        try await bob.joinTournament(arena.id)                         // a private one: code: or an invitation
        let upcoming = try await bob.tournaments(.upcoming)            // soonest first; .running, .finished
        let table = try await bob.standings(of: arena.id)              // rank, points, streak or Buchholz, SB
        let game = try await bob.nextTournamentGame(in: arena.id)      // the game to open, nil between games
        try await bob.leaveTournament(arena.id)                        // paired no more, points kept
        let played = try await bob.tournaments(of: bobID)              // place, points, the winner's trophy
        // docs/SDK.md, swift block 13: end
        _ = (upcoming, table, game, played)
    }
}

// The SwiftUI example: SwiftUI exists on Apple platforms only, so Linux builds leave it
// out (docs/SDK.md says so); the test below still holds its text equal to the page's.
#if canImport(SwiftUI)
// docs/SDK.md, swift block 14: begin
import OXOClient
import SwiftUI
import TicTacToe

@available(macOS 14, iOS 17, *)
struct GameScreen: View {
    let model: GameModel

    var body: some View {
        VStack {
            Text(model.isMyTurn ? "Your turn" : model.isFinished ? "Game over" : "Waiting…")
            Grid {
                ForEach(0..<3, id: \.self) { row in
                    GridRow {
                        ForEach(0..<3, id: \.self) { column in
                            let cell = Cell(index: row * 3 + column)!
                            Button(model.board[cell]?.rawValue ?? " ") {
                                Task { await model.play(cell) }
                            }
                            .disabled(!model.isMyTurn || model.board[cell] != nil)
                        }
                    }
                }
            }
            if let refusal = model.refusal { Text(refusal.message).foregroundStyle(.red) }
            if model.isFinished { Button("Rematch") { Task { await model.offerRematch() } } }
        }
    }
}

@available(macOS 14, iOS 17, *)
struct LobbyScreen: View {
    let lobby: LobbyModel

    var body: some View {
        List {
            Section("Open games") {
                ForEach(lobby.openGames, id: \.id) { game in
                    Button("Join \(game.code)") { Task { await lobby.join(game.code) } }
                }
            }
            Section("Online") {
                ForEach(lobby.others, id: \.player.id) { online in
                    Button("Challenge \(online.player.displayName)") {
                        Task { await lobby.challenge(online.player.id) }
                    }
                }
            }
            Button(lobby.isWaitingForRandom ? "Waiting…" : "Play random") { Task { await lobby.playRandom() } }
        }
    }
}

// Once signed in:
@available(macOS 14, iOS 17, *)
@MainActor
func screens(for client: OXOClient) async throws -> (LobbyScreen, GameScreen) {
    let live = try await LiveSession.start(client)
    let lobby = await LobbyModel(on: live)
    let game = await GameModel(lobby.startedGame!.id, on: live)
    return (LobbyScreen(lobby: lobby), GameScreen(model: game))
}
// docs/SDK.md, swift block 14: end
#endif

@Suite("The Swift snippets of README.md and docs/SDK.md are the ones compiled here")
struct DocumentedSnippetsTests {
    @Test(arguments: ["README.md", "docs/SDK.md"])
    func everySwiftBlockOfTheDocumentHasItsCopyHere(document: String) throws {
        let blocks = try Self.swiftBlocks(of: document)
        #expect(!blocks.isEmpty, "\(document) has no ```swift block")
        let copies = try Self.copies(of: document)
        #expect(copies.count == blocks.count,
                "\(document) has \(blocks.count) swift blocks, this file copies \(copies.count): \(copies.keys.sorted())")
        for (index, block) in blocks.enumerated() {
            let number = index + 1
            guard let copy = copies[number] else {
                Issue.record("\(document), swift block \(number) has no copy between markers in DocumentedSnippetsTests.swift")
                continue
            }
            #expect(Self.normalised(copy) == Self.normalised(block),
                    "\(document), swift block \(number) differs from its copy in DocumentedSnippetsTests.swift")
        }
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func lines(of path: String) throws -> [String] {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8).components(separatedBy: "\n")
    }

    /// The text of each ```swift block of `document`, in order.
    static func swiftBlocks(of document: String) throws -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in try lines(of: document) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if current == nil, text.hasPrefix("```swift") {
                current = []
            } else if let block = current, text == "```" {
                blocks.append(block)
                current = nil
            } else if current != nil {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The copies of `document`'s blocks in this file, by the block's number.
    static func copies(of document: String) throws -> [Int: [String]] {
        let marker = "// \(document), swift block "
        var copies: [Int: [String]] = [:]
        var current: (number: Int, lines: [String])?
        for line in try lines(of: "Tests/OXOClientTests/DocumentedSnippetsTests.swift") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix(marker) {
                let rest = text.dropFirst(marker.count)
                if rest.hasSuffix(": begin"), let number = Int(rest.dropLast(": begin".count)) {
                    current = (number, [])
                } else if rest.hasSuffix(": end"), let copy = current {
                    copies[copy.number] = copy.lines
                    current = nil
                }
            } else if current != nil {
                current?.lines.append(line)
            }
        }
        return copies
    }

    /// The lines without their indentation, blank lines left out.
    static func normalised(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

extension DocumentedSnippets {
    /// docs/SDK.md, "A bot through the streams".
    static func sdk14(server: URL, botToken: String) async throws {
        // docs/SDK.md, swift block 15: begin
        let program = Bot(client: OXOClient(baseURL: server, token: botToken))
        _ = try await program.client.becomeBot(playing: [.fourInARow])
        for try await happening in program.happenings() {
            guard case .challenged(let challenge) = happening else { continue }
            guard let game = try await program.client.accept(challenge.id).game else { continue }
            Task {
                for try await state in program.states(of: game) where state.phase == .live {
                    let mine: Mark = state.x?.player?.bot == true ? .x : .o
                    guard state.turn == mine, let cell = state.board.emptyCells.first else { continue }
                    _ = try await program.client.move(game: game, cell: cell, moveNumber: state.moves.count + 1)
                }
            }
        }
        // docs/SDK.md, swift block 15: end
    }
}
