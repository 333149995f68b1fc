import Foundation
import OXOClient
import OXOProtocol
import OXOCore
import OXOAccounts
import OXOPlay
import OXOSocial
import OXOServer
import Testing

@Suite("The leaderboard, by rating and by wins this week")
struct LeaderboardTests {
    @Test func establishedPlayersComeHighestRatingFirstAndProvisionalOnesNotAtAll() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let carol = try await server.player("carol"), dave = try await server.player("dave"), erin = try await server.player("erin")
            try await server.establish(carol, at: 1700)
            try await server.establish(dave, at: 1600)
            try await server.establish(erin, at: 1605)
            try await alice.beat(bob)
            let board = try await alice.leaderboard()
            #expect(board.order == .rating)
            #expect(board.rows.map(\.player.username) == ["carol", "erin", "dave"])
            #expect(board.rows.map(\.rank) == [1, 2, 3])
            #expect(board.rows.allSatisfy { !$0.rating.provisional && $0.weeklyWins == nil })
            #expect(board.me == nil, "alice's rating is still provisional")
            #expect(board.nextCursor == nil && board.weekStart == nil)

            // A game between established players moves them on the board at once: Dave
            // (1600) beating Carol (1700) takes him past Erin (1605).
            try await dave.beat(carol)
            let after = try await dave.leaderboard()
            #expect(after.rows.map(\.player.username) == ["carol", "dave", "erin"])
            #expect(after.rows.first { $0.player.username == "dave" }?.record == PlayerRecord(won: 1, lost: 0, drawn: 0))
            #expect(after.me?.player.username == "dave")
        }
    }

    @Test func pagesFollowOneAnotherAndTheViewersOwnRowComesOffThePage() async throws {
        try await withServer { server in
            var players: [OXOClient] = []
            for (index, rating) in [1900.0, 1800, 1800, 1700, 1600].enumerated() {
                let player = try await server.player("player\(index)")
                try await server.establish(player, at: rating)
                players.append(player)
            }
            let viewer = players[3]
            let first = try await viewer.leaderboard(limit: 2)
            #expect(first.rows.map(\.player.username) == ["player0"] + [first.rows[1].player.username])
            #expect(first.me?.rank == 4 && first.me?.player.username == "player3")
            var rows = first.rows
            var cursor = first.nextCursor
            while let next = cursor {
                let page = try await viewer.leaderboard(cursor: next, limit: 2)
                #expect(page.me == first.me)
                rows += page.rows
                cursor = page.nextCursor
            }
            #expect(rows.map(\.player.username).sorted() == ["player0", "player1", "player2", "player3", "player4"])
            #expect(Set(rows.map(\.player.username)).count == 5)
            // Level players share their rank; the next one down counts everyone above.
            #expect(rows.map(\.rank) == [1, 2, 2, 4, 5])
        }
    }

    @Test func mostWinsThisWeekCountsRatedWinsSinceMondayByTheServersClock() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob"), carol = try await server.player("carol")
            try await alice.beat(bob)
            try await alice.beat(carol)
            try await carol.beat(bob)
            try await bob.draw(with: carol)
            let board = try await bob.leaderboard(by: .weeklyWins)
            #expect(board.order == .weeklyWins)
            #expect(board.weekStart == ISO8601DateFormatter().date(from: "2027-01-11T00:00:00Z"))
            #expect(board.rows.map(\.player.username) == ["alice", "carol"])
            #expect(board.rows.map(\.weeklyWins) == [2, 1])
            #expect(board.rows.map(\.rank) == [1, 2])
            #expect(board.rows.first?.record == PlayerRecord(won: 2, lost: 0, drawn: 0))
            #expect(board.me == nil, "bob won nothing this week")

            // Monday comes: a new week, an empty board, and this week's wins count afresh.
            clock.advance(by: 3 * 86400)
            #expect(try await bob.leaderboard(by: .weeklyWins).rows.isEmpty)
            try await bob.beat(alice)
            let monday = try await bob.leaderboard(by: .weeklyWins)
            #expect(monday.rows.map(\.player.username) == ["bob"] && monday.me?.weeklyWins == 1)
        }
    }

    @Test func aBadOrderLimitOrCursorIsRefusedAsInvalid() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            for query in ["?by=elo", "?limit=0", "?limit=101", "?limit=x", "?cursor=nope", "?cursor=\(alice.user.id)"] {
                expectRefused(try await api.send(.GET, "/v1/leaderboard", query: query, token: alice.token), 400, .invalidRequest, query)
            }
        }
    }
}
