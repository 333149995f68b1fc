import OXOCore
import OXOProtocol
import Vapor

/// Finished games: a player's history, and any finished game replayed with the solver's
/// judgement of each move or written in the text notation. Like a game itself, these are
/// for every signed-in user to read, but for private games, which are their players' alone.
package struct HistoryRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        routes.on(Operations.listFinishedGames) { request in
            let (limit, cursor) = try request.pageQuery()
            return try await Reply(request.history.finishedGames(
                of: request.parameter("userID", as: UserID.self), seenBy: request.user.id, cursor: cursor, limit: limit))
        }
        routes.on(Operations.getReplay) { request in
            try await Reply(request.history.replay(of: request.parameter("gameID", as: GameID.self), for: request.user.id))
        }
        routes.on(Operations.getNotation) { request in
            let replay = try await request.history.replay(of: request.parameter("gameID", as: GameID.self), for: request.user.id)
            var headers = HTTPHeaders()
            headers.replaceOrAdd(name: .contentType, value: "text/plain; charset=utf-8")
            return Response(status: .ok, headers: headers, body: .init(string: replay.notation))
        }
    }
}

extension Request {
    var history: GameHistory { GameHistory(database: db.sql) }
}
