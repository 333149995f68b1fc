import OXOAccounts
import OXOCore
import OXOProtocol
import Vapor

package struct GameRoutes {
    package init() {}

    package func register(public: any RoutesBuilder, signedIn routes: any RoutesBuilder) {
        // The boards and their rules, for a client to show before anyone signs in.
        `public`.on(Operations.listVariants) { _ in Reply(VariantRules.all) }
        routes.on(Operations.createGame) { request in
            let key = try RequestKey.of(request, user: request.user.id.rawValue, kind: .game)
            return try await Reply(request.games.create(request.decode(CreateGameRequest.self), by: request.user, key: key),
                                   status: .created)
        }
        routes.on(Operations.getGame) { request in
            // The id or the share code.
            try await Reply(request.games.look(at: request.gameReference(), by: request.user))
        }
        routes.on(Operations.joinGame) { request in
            // The id or the share code, as a person sharing a game would expect.
            try await Reply(request.games.join(request.gameReference(), as: request.user))
        }
        routes.on(Operations.playMove) { request in
            let body = try await request.decode(MoveRequest.self)
            return try await Reply(request.games.move(
                request.parameter("gameID", as: GameID.self), cell: body.cell, moveNumber: body.moveNumber, by: request.user))
        }
        routes.on(Operations.cancelGame) { request in
            try await Reply(request.games.cancel(request.parameter("gameID", as: GameID.self), by: request.user))
        }
        routes.on(Operations.resignGame) { request in
            try await Reply(request.games.resign(request.parameter("gameID", as: GameID.self), as: request.user))
        }
        routes.on(Operations.offerRematch) { request in
            try await Reply(request.games.offerRematch(request.parameter("gameID", as: GameID.self), by: request.user))
        }
        routes.on(Operations.claimWin) { request in
            try await Reply(request.games.claim(request.parameter("gameID", as: GameID.self), by: request.user))
        }
        routes.on(Operations.getHint) { request in
            try await Reply(request.games.hint(request.parameter("gameID", as: GameID.self), for: request.user))
        }
        routes.on(Operations.listMyGames) { request in
            try await Reply(request.gamePage(.player(request.user.id)))
        }
    }
}

extension Request {
    /// The game's id or share code from the path. A share code is short enough to guess,
    /// so look-ups by code count against limits per user and per client address; an id
    /// cannot be guessed and is not limited.
    func gameReference() throws -> String {
        let reference = parameters.get("gameID") ?? ""
        guard GameID(reference) == nil else { return reference }
        let throttle = application.oxo[GameCodeLookups.self]
        try throttle.record("user \(try user.id)")
        try throttle.record("address \(clientAddress)")
        return reference
    }

    /// A page of `listing` from the `cursor` and `limit` (1–100, default 20) query items,
    /// without the games of players `visibility` hides from the caller.
    func gamePage(_ listing: GameQueries.Listing, visibility: PlayerVisibility = .everyone) async throws -> GamePage {
        let viewer = try user.id
        let (limit, cursor) = try pageQuery()
        let (rows, next) = try await db.sql.reads.games
            .page(listing, cursor: cursor, limit: limit, hiding: { visibility.hides(viewer, $0) })
        return GamePage(games: try await GameViews(database: db.sql).views(of: rows), nextCursor: next)
    }
}
