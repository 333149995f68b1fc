import Foundation
import OXOClient
import OXOProtocol
import OXOCore
import OXOAccounts
import OXOPlay
import OXOSocial
import OXOServer
import Testing

@Suite("Chat beside a game")
struct GameChatTests {
    @Test func playersTalkInTheirRoomAndWatchersInTheirs() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let carol = try await server.player("carol")
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            let players = ChatRoom.players(game.id), watchers = ChatRoom.watchers(game.id)

            let hello = try await alice.sendMessage("  good luck \u{7}\n", to: players)
            #expect(hello.seq == 1 && hello.text == "good luck" && hello.sender.username == "alice" && !hello.deleted)
            try await bob.sendMessage("you too", to: players)
            #expect(try await bob.chatHistory(of: players).messages.map(\.text) == ["good luck", "you too"])

            // Carol watches: the players' room is closed to her, the watchers' is hers too.
            #expect(await refusal { try await carol.chatHistory(of: players) } == .notAPlayer)
            #expect(await refusal { try await carol.sendMessage("psst", to: players) } == .notAPlayer)
            try await carol.sendMessage("nice opening", to: watchers)
            try await alice.sendMessage("thanks!", to: watchers)
            #expect(try await bob.chatHistory(of: watchers).messages.map(\.seq) == [1, 2])

            // Live: a watcher arriving late gets the room's history in the snapshot.
            let live = try await carol.connect(following: [.chat(watchers)])
            let snapshot = try await live.updates { if case .snapshot = $0 { true } else { false } }
            guard case .snapshot(_, _, let state) = snapshot.last else { throw TimedOut(seconds: 0) }
            #expect(state.messages?.map(\.text) == ["nice opening", "thanks!"])
            try await bob.sendMessage("hi Carol", to: watchers)
            let heard = try await live.event(on: .chat(watchers)) { $0.kind == .messagePosted }
            #expect(heard.message?.text == "hi Carol" && heard.message?.seq == 3)
            // And the players' room is refused on the socket as on REST.
            await live.subscribe(.chat(players))
            let refused = try await live.updates { if case .subscriptionRefused = $0 { true } else { false } }
            guard case .subscriptionRefused(_, let error) = refused.last else { throw TimedOut(seconds: 0) }
            #expect(error.code == .notAPlayer)
            await live.close()
        }
    }

    @Test func gamesWithoutASecondPersonHaveNoChat() async throws {
        try await withServer { server in
            let alice = try await server.player("alice")
            for mode in [GameMode.computer, .passAndPlay] {
                let game = try await alice.createGame(side: .x, mode: mode, level: mode == .computer ? .easy : nil)
                #expect(await refusal { try await alice.sendMessage("hi", to: .players(game.id)) } == .chatUnavailable)
                #expect(await refusal { try await alice.chatHistory(of: .watchers(game.id)) } == .chatUnavailable)
            }
            #expect(await refusal { try await alice.chatHistory(of: .players(GameID(rawValue: UUID()))) } == .gameNotFound)
        }
    }

    @Test func aFinishedGamesRoomsCloseTenMinutesAfterTheEnd() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            _ = try await alice.resign(game.id)
            clock.advance(by: 9 * 60)
            try await bob.sendMessage("gg", to: .players(game.id))
            clock.advance(by: 2 * 60)
            #expect(await refusal { try await alice.sendMessage("gg", to: .players(game.id)) } == .chatClosed)
            #expect(await refusal { try await alice.sendMessage("gg", to: .watchers(game.id)) } == .chatClosed)
            #expect(try await alice.chatHistory(of: .players(game.id)).messages.map(\.text) == ["gg"])
        }
    }

    @Test func textIsCleanedAndLimited() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let room = ChatRoom.players(try await bob.join(try await alice.createGame(side: .x).id).id)
            #expect(await refusal { try await alice.sendMessage(" \n\t\u{0}\u{202E} ", to: room) } == .messageEmpty)
            #expect(await refusal { try await alice.sendMessage(nil, to: room) } == .messageEmpty)
            #expect(await refusal { try await alice.sendMessage(String(repeating: "é", count: 1001), to: room) } == .messageTooLong)
            #expect(await refusal { try await alice.sendMessage("hi", photo: String(repeating: "a", count: 64), to: room) }
                    == .photoNotFound)
            let long = try await alice.sendMessage(" " + String(repeating: "é", count: 1000) + " ", to: room)
            #expect(long.text?.count == 1000)
            let markup = try await alice.sendMessage("<img src=x onerror=alert(1)>", to: room)
            #expect(markup.text == "<img src=x onerror=alert(1)>", "stored as it was typed: clients show it as text")
            let line = try await alice.sendMessage("one\ntwo\u{1B}[31m", to: room)
            #expect(line.text == "one two[31m")

            // Five messages in five seconds, across rooms; then rate_limited until the window moves.
            try await alice.sendMessage("4", to: .watchers(room.game!))
            try await alice.sendMessage("5", to: room)
            #expect(await refusal { try await alice.sendMessage("6", to: room) } == .rateLimited)
            clock.advance(by: 5)
            try await alice.sendMessage("7", to: room)
            #expect(try await bob.chatHistory(of: room).messages.count == 5)
        }
    }

    @Test func historyIsPagedBackwardsFiftyAtATimeFromAnyMessage() async throws {
        try await withServer(adjust: { $0.chatMessageLimit = 1000 }) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let room = ChatRoom.players(try await bob.join(try await alice.createGame(side: .x).id).id)
            for number in 1...120 { try await alice.sendMessage("\(number)", to: room) }
            let newest = try await bob.chatHistory(of: room)
            #expect(newest.messages.map(\.seq) == Array(71...120) && newest.before == 71)
            let older = try await bob.chatHistory(of: room, before: 71)
            #expect(older.messages.map(\.seq) == Array(21...70) && older.before == 21)
            let oldest = try await bob.chatHistory(of: room, before: 21)
            #expect(oldest.messages.map(\.seq) == Array(1...20) && oldest.before == nil)
            #expect(try await bob.chatHistory(of: room, before: 100, limit: 3).messages.map(\.text) == ["97", "98", "99"])
        }
    }
}
