import OXOProtocol
import Vapor

/// Headers every response carries. The web client loads only its own files (no inline
/// script or style, no images from `data:`), so the policy allows nothing else, but for
/// `blob:` images: the preview of a photo chosen in a file input, which never leaves the
/// page, and the covers of the catalogue's games that IGDB serves from its image host.
/// `no-cache` makes browsers ask again for the client's files, so an upgrade of the server
/// reaches them at once; the API's answers (`/v1/…`), which carry a player's own data
/// (their account, sessions, export, inbox), are `no-store`: no browser or proxy keeps
/// them. A route that sets a policy of its own (a picture's) keeps it.
package struct ResponseHeaders: Middleware {
    package init() {}

    static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' blob: https://images.igdb.com; script-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'"

    package func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).map { response in
            if !response.headers.contains(name: .contentSecurityPolicy) {
                response.headers.replaceOrAdd(name: .contentSecurityPolicy, value: Self.contentSecurityPolicy)
            }
            response.headers.replaceOrAdd(name: .xContentTypeOptions, value: "nosniff")
            response.headers.replaceOrAdd(name: "Referrer-Policy", value: "no-referrer")
            if !response.headers.contains(name: .cacheControl) {
                let isAPI = request.url.path.hasPrefix("/v1/") || request.headers.bearerAuthorization != nil
                response.headers.replaceOrAdd(name: .cacheControl, value: isAPI ? "no-store" : "no-cache")
            }
            return response
        }
    }
}

/// Refuses paths that name no file and no route before anything reads them, with the
/// `404` any unknown address gets: control characters (`/index.html%00.js` would
/// otherwise be served as index.html, typed by its `.js` ending), and a segment longer
/// than a file name can be.
package struct PathCheck: Middleware {
    package init() {}

    package func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        let path = request.url.path.removingPercentEncoding ?? request.url.path
        if path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return request.eventLoop.makeFailedFuture(
                APIError(.notFound, "There is nothing at this address: a path cannot hold control characters."))
        }
        if path.split(separator: "/").contains(where: { $0.utf8.count > 255 }) {
            return request.eventLoop.makeFailedFuture(APIError(.notFound, "There is nothing at this address."))
        }
        return next.respond(to: request)
    }
}
