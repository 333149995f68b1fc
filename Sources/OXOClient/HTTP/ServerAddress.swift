import Foundation

/// Spells the addresses of the server's resources from its base URL. A base may carry a path
/// prefix (a server behind a reverse proxy at `/oxo`) and may end in a slash or not.
struct ServerAddress: Hashable, Sendable {
    let baseURL: URL

    /// `path` holds unescaped segments; each is percent-encoded here, as are query values.
    func url(path: [String], query: [URLQueryItem] = []) throws(OXOClientError) -> URL {
        var components = try baseComponents()
        components.percentEncodedPath = Self.prefix(of: components) + path.map(Self.escaped).map { "/" + $0 }.joined()
        components.percentEncodedQuery = query.isEmpty ? nil : query
            .map { Self.escaped($0.name) + "=" + Self.escaped($0.value ?? "") }
            .joined(separator: "&")
        guard let url = components.url else { throw .invalidBaseURL(baseURL) }
        return url
    }

    /// An address the server gave, such as `/v1/media/<hash>`, under this base (and its
    /// path prefix); its query, if any, kept as the server wrote it.
    func url(serverPath: String) throws(OXOClientError) -> URL {
        var components = try baseComponents()
        let parts = serverPath.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        components.percentEncodedPath = Self.prefix(of: components) + (parts.first.map(String.init) ?? "")
        components.percentEncodedQuery = parts.count > 1 ? String(parts[1]) : nil
        guard let url = components.url else { throw .invalidBaseURL(baseURL) }
        return url
    }

    /// The realtime socket: `ws` next to an `http` base, `wss` next to `https`.
    func socketURL() throws(OXOClientError) -> URL {
        var components = try baseComponents()
        components.scheme = components.scheme == "https" ? "wss" : "ws"
        components.percentEncodedPath = Self.prefix(of: components) + "/v1/socket"
        guard let url = components.url else { throw .invalidBaseURL(baseURL) }
        return url
    }

    private func baseComponents() throws(OXOClientError) -> URLComponents {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty
        else { throw .invalidBaseURL(baseURL) }
        components.scheme = scheme
        components.query = nil
        components.fragment = nil
        return components
    }

    private static func prefix(of components: URLComponents) -> String {
        var prefix = components.percentEncodedPath
        while prefix.hasSuffix("/") { prefix.removeLast() }
        return prefix
    }

    /// Keeps only RFC 3986's unreserved characters. Stricter than URLComponents, which
    /// leaves `+` alone in queries, where servers read it as a space and would garble a cursor.
    static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
