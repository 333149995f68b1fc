import OXOProtocol
import Vapor

/// Serves photos and stock avatars without a token, since an `<img src>` cannot send
/// one: a photo's address is 256 random bits given to its upload, which nobody can guess
/// or derive from the picture, and a stock avatar shows only a name anyone may see.
package struct MediaRoutes {
    package init() {}

    /// A picture opened on its own as a page runs nothing and loads nothing.
    package static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox"

    package func register(public routes: any RoutesBuilder) {
        routes.on(Operations.getMedia) { request in
            try await photo(request)
        }
        routes.on(Operations.getStockAvatar) { request in
            try stockAvatar(request)
        }
    }

    /// A stored photo's bytes never change, so it is cached for a year and its address is
    /// its ETag: a client that has it is answered 304 without the bytes being read.
    private func photo(_ request: Request) async throws -> Response {
        guard let address = request.parameters.get("address"), MediaRules.isAddress(address) else {
            throw APIError(.notFound, "There is no photo at this address.")
        }
        let queries = request.store.reads.media
        let etag = "\"\(address)\""
        if Self.matches(request.headers[.ifNoneMatch], etag: etag), let contentType = try await queries.contentType(of: address) {
            return Self.picture(status: .notModified, contentType: contentType, body: .empty, etag: etag,
                                cacheControl: "public, max-age=31536000, immutable")
        }
        guard let image = try await queries.image(address) else {
            throw APIError(.notFound, "There is no photo at this address.")
        }
        return Self.picture(status: .ok, contentType: image.contentType, body: .init(data: image.bytes), etag: etag,
                            cacheControl: "public, max-age=31536000, immutable")
    }

    /// Whether an `If-None-Match` names this ETag (weakly or not) or any.
    private static func matches(_ ifNoneMatch: [String], etag: String) -> Bool {
        let named: [String] = ifNoneMatch.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        return named.contains(etag) || named.contains("W/" + etag) || named.contains("*")
    }

    /// Drawn from its address alone; cached for a day, so that a change in how stock
    /// avatars are drawn reaches clients soon.
    private func stockAvatar(_ request: Request) throws -> Response {
        guard let name = try? request.query.get(String.self, at: "name"), !name.isEmpty, name.count <= StockAvatar.maxNameLength,
              let seed = try? request.query.get(String.self, at: "seed"), seed.count <= StockAvatar.maxSeedLength
        else {
            throw APIError(.invalidRequest, "A stock avatar needs 'name' (1 to \(StockAvatar.maxNameLength) characters) "
                           + "and 'seed' (at most \(StockAvatar.maxSeedLength)).")
        }
        return Self.picture(status: .ok, contentType: "image/svg+xml; charset=utf-8",
                            body: .init(string: StockAvatar.svg(name: name, seed: seed)), etag: nil,
                            cacheControl: "public, max-age=86400")
    }

    private static func picture(status: HTTPResponseStatus, contentType: String, body: Response.Body, etag: String?,
                                cacheControl: String) -> Response {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: contentType)
        headers.replaceOrAdd(name: .cacheControl, value: cacheControl)
        headers.replaceOrAdd(name: .xContentTypeOptions, value: "nosniff")
        headers.replaceOrAdd(name: .contentSecurityPolicy, value: contentSecurityPolicy)
        if let etag { headers.replaceOrAdd(name: .eTag, value: etag) }
        return Response(status: status, headers: headers, body: body)
    }
}
