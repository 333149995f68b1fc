import OXOAccounts
import OXOCore
import OXOProtocol
import Vapor

/// The catalogue of video games: search, a game's page, who has it, and each player's
/// games. Covers are pictures, fetched without a token like avatars.
package struct CatalogueRoutes {
    package init() {}

    package func register(public routes: any RoutesBuilder, signedIn: any RoutesBuilder) {
        routes.on(Operations.getCatalogueCover) { request in
            try cover(request)
        }
        signedIn.on(Operations.searchCatalogue) { request in
            let (limit, cursor) = try request.pageQuery()
            return try await Reply(request.catalogue.search(try request.query.get(String?.self, at: "q") ?? "", cursor: cursor, limit: limit))
        }
        signedIn.on(Operations.getCatalogueGame) { request in
            try await Reply(request.store.reads.catalogue.game(
                request.catalogueGameID(), viewer: request.user.id.rawValue))
        }
        signedIn.on(Operations.listCataloguePlayers) { request in
            let (limit, cursor) = try request.pageQuery()
            return try await Reply(request.store.reads.catalogue.players(
                of: request.catalogueGameID(), viewer: request.user.id.rawValue,
                cursor: cursor, limit: limit))
        }
        signedIn.on(Operations.addToMyGames) { request in
            try await request.catalogue.addToMyGames(request.catalogueGameID(), by: request.user)
            return Response(status: .noContent)
        }
        signedIn.on(Operations.removeFromMyGames) { request in
            try await request.catalogue.removeFromMyGames(request.catalogueGameID(), by: request.user)
            return Response(status: .noContent)
        }
        signedIn.on(Operations.listPlayersCatalogueGames) { request in
            let (limit, cursor) = try request.pageQuery()
            return try await Reply(request.store.reads.catalogue.games(
                of: request.parameter("userID", as: UserID.self), cursor: cursor, limit: limit))
        }
    }

    /// Drawn from the title in its address alone, so cached for a day like a stock avatar.
    private func cover(_ request: Request) throws -> Response {
        guard let title = try? request.query.get(String.self, at: "title"), !title.isEmpty,
              title.count <= CatalogueCover.maxTitleLength
        else {
            throw APIError(.invalidRequest, "A cover needs 'title' (1 to \(CatalogueCover.maxTitleLength) characters).")
        }
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: "image/svg+xml; charset=utf-8")
        headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=86400")
        headers.replaceOrAdd(name: .xContentTypeOptions, value: "nosniff")
        headers.replaceOrAdd(name: .contentSecurityPolicy, value: MediaRoutes.contentSecurityPolicy)
        return Response(status: .ok, headers: headers, body: .init(string: CatalogueCover.svg(title: title)))
    }
}

extension Request {
    /// The game named in the path; an address that is no game's id is answered as a
    /// game the catalogue does not have.
    func catalogueGameID() throws -> CatalogueGameID {
        let text = parameters.get("catalogueGameID") ?? ""
        guard let id = CatalogueGameID(text) else {
            throw APIError(.catalogueGameNotFound, "There is no game '\(text)' in the catalogue.")
        }
        return id
    }

    var catalogue: CatalogueService {
        CatalogueService(store: store, staleReads: staleReadSQL, source: application.catalogueSource, logger: logger)
    }
}
