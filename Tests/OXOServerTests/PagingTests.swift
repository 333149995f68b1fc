import Foundation
import OXOProtocol
import OXOCore
import OXOPlay
import OXOSocial
import OXOServer
import Testing

@Suite("Pages of games follow one another without gaps or repeats")
struct PagingTests {
    /// Follows `next_cursor` from the first page of `path`, for at most `maxPages` pages.
    static func follow(_ api: DocumentedClient, _ path: String, limit: Int, token: String,
                       maxPages: Int = 12) async throws -> (ids: [GameID], ended: Bool) {
        var ids: [GameID] = []
        var cursor: String?
        for _ in 0..<maxPages {
            let query = "?limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? "")
            let page = try await api.send(.GET, path, query: query, token: token).decode(GamePage.self)
            ids += page.games.map(\.id)
            guard let next = page.nextCursor else { return (ids, true) }
            cursor = next
        }
        return (ids, false)
    }

    /// The clock starts a fraction of a microsecond past a whole second: 0.3 µs, which the
    /// SQLite driver rounds down, and 0.7 µs, which it rounds up.
    @Test(arguments: [0.000_000_3, 0.000_000_7])
    func gamesCreatedOneAfterAnotherComeEachOnceNewestFirst(fraction: Double) async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000 + fraction))
        try await withServer(clock: clock) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            var created: [GameID] = []
            for _ in 0..<5 {
                clock.advance(by: 1)
                created.append(try await api.createGame(token: alice.token).id)
            }
            for path in ["/v1/me/games", "/v1/games/open"] {
                let (ids, ended) = try await Self.follow(api, path, limit: 2, token: alice.token)
                #expect(ids == created.reversed() && ended, "\(path): \(ids)")
            }
        }
    }

    @Test(arguments: [0.000_000_3, 0.000_000_7])
    func gamesCreatedInTheSameInstantComeEachOnce(fraction: Double) async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000 + fraction))
        try await withServer(clock: clock) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            var created: Set<GameID> = []
            for _ in 0..<4 {
                created.insert(try await api.createGame(token: alice.token).id)
            }
            let onePage = try await api.send(.GET, "/v1/me/games", query: "?limit=100", token: alice.token).decode(GamePage.self)
            #expect(Set(onePage.games.map(\.id)) == created && onePage.nextCursor == nil)
            let (ids, ended) = try await Self.follow(api, "/v1/me/games", limit: 1, token: alice.token)
            #expect(ids == onePage.games.map(\.id) && ended, "\(ids)")
        }
    }
}
