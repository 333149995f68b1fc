import Foundation
import OXOClient
import OXOProtocol
@testable import OXOCore
@testable import OXOAccounts
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer
import SQLKit
import Testing
import TicTacToe

@Suite("Finished games: history, replay with verdicts, and the text notation")
struct HistoryTests {
    /// X b2, O b1 (an edge reply to the centre, which loses), X a1, O c3, X a3, O a2, X c1:
    /// X wins on the diagonal c1-b2-a3.
    static let edgeReplyLoses = [4, 1, 0, 8, 6, 3, 2]

    /// Plays `cells` in a new game between `x` and `o` and returns it as it ended.
    static func play(_ cells: [Int], x: SessionGrant, o: SessionGrant, api: DocumentedClient) async throws -> GameView {
        var game = try await api.createGame(token: x.token)
        game = try await api.join(game, token: o.token).decode(GameView.self)
        for (index, cell) in cells.enumerated() {
            game = try await api.move(game, cell: cell, token: index.isMultiple(of: 2) ? x.token : o.token).decode(GameView.self)
        }
        return game
    }

    @Test func aFinishedGameReplaysWithTheSolversVerdictOnEveryMove() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob")
            let game = try await Self.play(Self.edgeReplyLoses, x: alice, o: bob, api: api)
            #expect(game.phase == .finished)

            let replay = try await api.send(.GET, "/v1/games/{gameID}/replay", ["gameID": "\(game.id)"], token: bob.token)
                .decode(Replay.self)
            #expect(replay.game.id == game.id && replay.game.result == game.result && replay.game.moveCount == 7)
            #expect(replay.game.x?.player?.username == "alice" && replay.game.o?.player?.username == "bob")
            #expect(replay.moves.map(\.cell) == Self.edgeReplyLoses)
            #expect(replay.moves.map(\.number) == Array(1...7))
            #expect(replay.moves.map(\.coordinate) == ["b2", "b1", "a1", "c3", "a3", "a2", "c1"])
            #expect(replay.moves.map(\.mark) == [.x, .o, .x, .o, .x, .o, .x])
            #expect(replay.moves.map(\.playedAt) == game.moves.map(\.playedAt))
            #expect(replay.moves[0].verdict == .best && replay.moves[0].outcome == .draw)
            #expect(replay.moves[1].verdict == .mistake, "an edge reply to the centre throws the draw away")
            #expect(replay.moves[1].bestCells == [0, 2, 6, 8] && replay.moves[1].source == .solver)
            #expect(replay.moves.last?.verdict == .best && replay.moves.last?.outcome == .win(inMoves: 1))
            // Every verdict is the solver's, judged in the position the move was played in.
            let judged = Analysis.judgements(of: try GameState(moves: Self.edgeReplyLoses.map { Cell(index: $0)! }))
            #expect(replay.moves.map(\.verdict) == judged.map(\.verdict))
        }
    }

    @Test func aFinishedGamesNotationIsPlainTextOneMoveALineWithAHeader() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob")
            _ = try await api.send(.PATCH, "/v1/me", token: alice.token, body: #"{"display_name":"Alice A."}"#)
            let game = try await Self.play(Self.edgeReplyLoses, x: alice, o: bob, api: api)

            let answer = try await api.send(.GET, "/v1/games/{gameID}/notation", ["gameID": "\(game.id)"], token: bob.token)
            #expect(answer.status == 200)
            #expect(answer.headers.first(name: "Content-Type") == "text/plain; charset=utf-8")
            let text = String(decoding: answer.body, as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(Array(lines.prefix(4)) == ["# OXO game \(game.id)", "# X: Alice A. (alice)", "# O: bob", "# Result: X won by a line"])
            #expect(lines[4].hasPrefix("# Ended: 20"))
            #expect(Array(lines.dropFirst(5)) == ["1. b2 X", "2. b1 O", "3. a1 X", "4. c3 O", "5. a3 X", "6. a2 O", "7. c1 X", ""])
            #expect(try Notation.parse(text).moves.map(\.index) == Self.edgeReplyLoses)
        }
    }

    @Test func gamesAgainstTheComputerAndResignationsReplayToo() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            // Alice plays O; the computer opens, and she resigns at once.
            let computer = try await api.createGame(#"{"side":"O","mode":"computer","level":"perfect"}"#, token: alice.token)
            _ = try await api.resign(computer, token: alice.token)
            let replay = try await api.send(.GET, "/v1/games/{gameID}/replay", ["gameID": "\(computer.id)"], token: alice.token)
                .decode(Replay.self)
            #expect(replay.game.x?.computer == .perfect && replay.game.o?.player?.username == "alice")
            #expect(replay.game.result.reason == .resignation && replay.moves.count == 1 && replay.moves[0].verdict == .best)
            let text = try await api.send(.GET, "/v1/games/{gameID}/notation", ["gameID": "\(computer.id)"], token: alice.token)
            #expect(String(decoding: text.body, as: UTF8.self).contains("# X: the computer (perfect)\n# O: alice\n# Result: X won, O resigned\n"))
        }
    }

    @Test func aGameStillOpenOrLiveIsRefusedAndAnUnknownOneIsNotFound() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob")
            let open = try await api.createGame(token: alice.token)
            let live = try await Self.play([4], x: alice, o: try await api.register("carol"), api: api)
            for game in [open, live] {
                for route in ["replay", "notation"] {
                    let answer = try await api.send(.GET, "/v1/games/{gameID}/\(route)", ["gameID": "\(game.id)"], token: bob.token)
                    expectRefused(answer, 409, .gameNotFinished, "\(route) of a game \(game.phase)")
                }
            }
            for route in ["replay", "notation"] {
                let unknown = try await api.send(.GET, "/v1/games/{gameID}/\(route)", ["gameID": "\(UUID())"], token: bob.token)
                expectRefused(unknown, 404, .gameNotFound, route)
                let code = try await api.send(.GET, "/v1/games/{gameID}/\(route)", ["gameID": open.code], token: bob.token)
                expectRefused(code, 404, .notFound, "\(route) by share code")
            }
        }
    }

    @Test func aPlayersHistoryIsTheirFinishedGamesTheLastToEndFirstPageByPage() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000.000_000_7))
        try await withServer(clock: clock) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob"), carol = try await api.register("carol")
            // Five games are started one after another and finished in the opposite order.
            var started: [GameView] = []
            for index in 0..<5 {
                clock.advance(by: 1)
                started.append(try await Self.play([4, 0], x: index.isMultiple(of: 2) ? alice : bob,
                                                   o: index.isMultiple(of: 2) ? bob : alice, api: api))
            }
            for game in started.reversed() {
                clock.advance(by: 1)
                let loser = game.x?.player?.id == alice.user.id ? alice : bob
                #expect(try await api.resign(game, token: loser.token).status == 200)
            }
            // Neither a live game, nor another player's, nor one against oneself that goes on.
            _ = try await Self.play([4], x: alice, o: bob, api: api)
            _ = try await Self.play([0, 1, 3, 4, 6], x: bob, o: carol, api: api)
            _ = try await api.createGame(#"{"side":"X","mode":"pass_and_play"}"#, token: alice.token)

            let path = "/v1/users/{userID}/games/finished"
            for reader in [alice, carol] {
                var ids: [GameID] = []
                var cursor: String?
                repeat {
                    let query = "?limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
                    let page = try await api.send(.GET, path, ["userID": "\(alice.user.id)"], query: query, token: reader.token)
                        .decode(FinishedGamePage.self)
                    #expect(page.games.count <= 2)
                    #expect(page.games.allSatisfy { $0.result.reason == .resignation && $0.moveCount == 2 })
                    ids += page.games.map(\.id)
                    cursor = page.nextCursor
                } while cursor != nil && ids.count < 10
                #expect(ids == started.map(\.id), "the game started first ended last")
            }
            let all = try await api.send(.GET, path, ["userID": "\(alice.user.id)"], token: alice.token).decode(FinishedGamePage.self)
            #expect(all.nextCursor == nil && all.games.count == 5)
            #expect(zip(all.games, all.games.dropFirst()).allSatisfy { $0.endedAt > $1.endedAt })
            #expect(all.games.allSatisfy { $0.endedAt > $0.createdAt && $0.board.description.filter { $0 != "." }.count == 2 })
            let carols = try await api.send(.GET, path, ["userID": "\(carol.user.id)"], token: alice.token).decode(FinishedGamePage.self)
            #expect(carols.games.map(\.result.winner) == [.x] && carols.games[0].result.line != nil, "Bob won down the left column")
        }
    }

    @Test func aBadPageOrAnUnknownPlayerIsRefused() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let path = "/v1/users/{userID}/games/finished"
            let mine = ["userID": "\(alice.user.id)"]
            let live = try await api.createGame(token: alice.token)
            for query in ["?limit=0", "?limit=101", "?limit=x", "?cursor=nonsense", "?cursor=\(UUID())", "?cursor=\(live.id)"] {
                expectRefused(try await api.send(.GET, path, mine, query: query, token: alice.token), 400, .invalidRequest, query)
            }
            expectRefused(try await api.send(.GET, path, ["userID": "\(UUID())"], token: alice.token), 404, .playerNotFound)
            expectRefused(try await api.send(.GET, path, ["userID": "alice"], token: alice.token), 404, .notFound)
        }
    }

    @Test func aPageOfHistoryIsReadAlongAnIndexNotAScanOfEveryGame() async throws {
        try await withServer { server in
            guard server.configuration.storage.isSQLite else { return }
            let sql = try #require(server.app.db as? any SQLDatabase)
            for cursor in [nil, GameID(rawValue: UUID())] {
                let statement = GameHistory.finishedPage(of: UserID(rawValue: UUID()), seenBy: UserID(rawValue: UUID()), after: cursor,
                                                         limit: 21)
                let plan = try await sql.raw("EXPLAIN QUERY PLAN \(statement)").all()
                    .map { try $0.decode(column: "detail", as: String.self) }
                #expect(plan.contains { $0.contains("finished_games_by_x") } && plan.contains { $0.contains("finished_games_by_o") },
                        "\(plan)")
                #expect(!plan.contains { $0.hasPrefix("SCAN games") && !$0.contains("INDEX") }, "no scan of every game: \(plan)")
            }
        }
    }

    @Test func theSDKReadsHistoryReplayAndNotation() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let bobID = try #require(await bob.user?.id)
            var game = try await alice.createGame(side: .x)
            game = try await bob.join(game.id)
            for (index, cell) in Self.edgeReplyLoses.enumerated() {
                game = try await (index.isMultiple(of: 2) ? alice : bob).move(cell, in: game)
            }
            let page = try await alice.finishedGames(of: bobID, limit: 10)
            #expect(page.games.map(\.id) == [game.id] && page.nextCursor == nil)
            let replay = try await alice.replay(of: game.id)
            #expect(replay.moves.map(\.verdict)[0...1] == [.best, .mistake])
            let notation = try await alice.notation(of: game.id)
            // The same text, but for the end time: a date read back from JSON may format a
            // millisecond lower (floating point), so that line is left out of the comparison.
            let lines = { (text: String) in text.split(separator: "\n").filter { !$0.hasPrefix("# Ended: ") } }
            #expect(lines(notation) == lines(replay.notation) && lines(notation).count == 4 + 7)
            #expect(try Notation.parse(notation).moves.map(\.index) == Self.edgeReplyLoses)

            let open = try await alice.createGame(side: .x)
            let refused = await #expect(throws: APIError.self) { try await bob.replay(of: open.id) }
            #expect(refused?.code == .gameNotFinished)
            let textRefused = await #expect(throws: APIError.self) { try await bob.notation(of: open.id) }
            #expect(textRefused?.code == .gameNotFinished)
        }
    }
}
