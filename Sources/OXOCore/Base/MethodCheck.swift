import Vapor

/// Answers a request for a known address with a method it does not take with `405
/// method_not_allowed` and the methods it does take in `Allow`, rather than the router's
/// 404; an unknown address stays 404. Built from the application's routes once they are
/// all registered.
package struct MethodCheck: Middleware {
    private let routes: [(method: String, path: [PathComponent])]

    package init(routes: Routes) {
        self.routes = routes.all.map { ($0.method.rawValue, $0.path) }
    }

    package func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).flatMapErrorThrowing { error in
            guard error is RouteNotFound else { throw error }
            let path = request.url.path.split(separator: "/").map(String.init)
            var allowed = Set(routes.filter { Self.matches($0.path, path) }.map(\.method))
            guard !allowed.isEmpty else { throw error }
            // Vapor answers HEAD wherever it answers GET.
            if allowed.contains("GET") { allowed.insert("HEAD") }
            throw Abort(.methodNotAllowed, headers: ["Allow": allowed.sorted().joined(separator: ", ")])
        }
    }

    /// Whether `path` is one of the addresses `route` names, as Vapor's router matches it.
    private static func matches(_ route: [PathComponent], _ path: [String]) -> Bool {
        var rest = path[...]
        for component in route {
            switch component {
            case .catchall: return !rest.isEmpty
            case .constant(let name): guard rest.first == name else { return false }
            case .parameter, .anything: guard !rest.isEmpty else { return false }
            }
            rest = rest.dropFirst()
        }
        return rest.isEmpty
    }
}
