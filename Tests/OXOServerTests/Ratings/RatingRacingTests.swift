import Foundation
import OXOClient
import OXOProtocol
import OXOCore
import OXOAccounts
import OXOPlay
import OXOSocial
import OXOServer
import Testing

@Suite("A game counts once, however its finishes race")
struct RatingRacingTests {
    /// On each of many tables X's winning move and O's resignation go at once: one of them
    /// ends the game, and each player's record and rating change once.
    @Test func aResignationRacingTheLastMoveCountsOnce() async throws {
        try await withServer { server in
            var tables: [(x: OXOClient, o: OXOClient, game: GameView)] = []
            for index in 0..<10 {
                let x = try await server.player("xer\(index)"), o = try await server.player("oer\(index)")
                var game = try await x.startGame(against: o)
                for (mover, cell) in [(x, 0), (o, 3), (x, 1), (o, 4)] { game = try await mover.move(cell, in: game) }
                tables.append((x, o, game))
            }
            let finishes = tables.flatMap { table in [(table, true), (table, false)] }
            _ = await concurrently(finishes) { table, winningMove in
                winningMove ? try await table.x.move(2, in: table.game) : try await table.o.resign(table.game.id)
            }
            for table in tables {
                let x = try await table.x.profile(), o = try await table.o.profile()
                #expect(x.record == PlayerRecord(won: 1, lost: 0, drawn: 0))
                #expect(o.record == PlayerRecord(won: 0, lost: 1, drawn: 0))
                #expect(x.ratingHistory.count == 1 && o.ratingHistory.count == 1)
            }
            #expect(try await server.count("rating_history") == 20)
        }
    }

    /// Ten claims at once while the player who left comes back: the game ends once or
    /// not at all, and counts as often as it ended.
    @Test func claimsRacingAReturnCountOnceOrNotAtAll() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let (alice, game, aliceLive, _) = try await AwayTests.bobLeavesTheGame(on: server)
            try await server.advance(clock, by: 61)
            let bob = try await OXOClient.login("bob", password: "password-bob", at: URL(string: server.baseURL)!)
            async let back = bob.goOnline()
            let claims = await concurrently(0..<10) { _ in try await alice.claimWin(game.id) }
            let bobLive = try await back
            let claimed = claims.filter { (try? $0.get()) != nil }.count
            #expect(claimed <= 1)
            let finished = try await alice.game(game.id).phase == .finished
            #expect(claimed == (finished ? 1 : 0))
            #expect(try await alice.profile().record == PlayerRecord(won: claimed, lost: 0, drawn: 0))
            #expect(try await bob.profile().record == PlayerRecord(won: 0, lost: claimed, drawn: 0))
            #expect(try await server.count("rating_history") == 2 * claimed)
            await bobLive.close()
            await aliceLive.close()
        }
    }

    /// Eight games of one player end at the same moment: each is rated from the rating
    /// the one before it left, none from a rating another had already replaced.
    @Test func gamesOfOnePlayerEndingAtOnceAreRatedOneAfterAnother() async throws {
        try await withServer { server in
            let alice = try await server.player("alice")
            var tables: [(opponent: OXOClient, game: GameView)] = []
            for index in 0..<8 {
                let opponent = try await server.player("opponent\(index)")
                var game = try await alice.startGame(against: opponent)
                for (mover, cell) in [(alice, 0), (opponent, 3), (alice, 1), (opponent, 4)] { game = try await mover.move(cell, in: game) }
                tables.append((opponent, game))
            }
            let wins = await concurrently(tables) { try await alice.move(2, in: $0.game) }
            #expect(wins.allSatisfy { (try? $0.get())?.result?.winner == .x })
            let profile = try await alice.profile()
            #expect(profile.record == PlayerRecord(won: 8, lost: 0, drawn: 0))
            let values = profile.ratingHistory.map(\.value)
            #expect(values.count == 8 && Set(values).count == 8, "each game raised the rating the last one left")
            #expect(profile.rating.value == values.max())
        }
    }
}
