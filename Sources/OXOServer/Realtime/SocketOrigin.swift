import OXOProtocol
import Vapor

/// Which pages may open the socket. A browser names the page's origin on the upgrade and
/// sends the token it holds for this server (`?token=`) whichever page asks, so a page on
/// another site could otherwise act as the player. Clients that are not browsers send no
/// origin and are let through.
struct SocketOrigin {
    /// Origins besides the server's own, as `scheme://host[:port]`.
    let allowed: [String]

    func check(_ request: Request) throws(APIError) {
        guard let origin = request.headers.first(name: .origin)?.lowercased() else { return }
        if allowed.contains(where: { $0.lowercased() == origin }) { return }
        // The server's own pages: the origin's host and port are those the request was sent to.
        if let host = request.headers.first(name: .host)?.lowercased(), let scheme = origin.range(of: "://"),
           origin[scheme.upperBound...] == host {
            return
        }
        throw APIError(.forbidden, "Pages from \(origin) may not open this server's socket.")
    }
}
