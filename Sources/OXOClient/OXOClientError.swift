import Foundation

/// What can go wrong on the client's side of a call. Refusals by the server are not here:
/// they arrive as the server's own `APIError`, with its stable code.
public enum OXOClientError: Error, CustomStringConvertible {
    /// The base URL is not an `http` or `https` address with a host.
    case invalidBaseURL(URL)
    /// The realtime socket needs a token: register or log in first.
    case notSignedIn
    /// No answer came: the server could not be reached, the connection broke, or the time ran out.
    case transport(any Error)
    /// An answer this SDK cannot read: an HTTP error status without an OXO error body, a body
    /// that is not the operation's response, or a socket acknowledgement missing its game.
    /// `status` is nil for socket messages; `body` is cut to its first 2,000 characters.
    case unexpectedResponse(status: Int?, body: String, reason: String)
    /// The server would not open the realtime socket and trying again will not help
    /// (a 4xx answer to the upgrade, typically 401 once the token is revoked).
    case socketRefused(status: Int)
    /// The realtime connection was closed before the request was answered.
    case connectionClosed

    public var description: String {
        switch self {
        case .invalidBaseURL(let url): "\(url) is not an http(s) address of an OXO server"
        case .notSignedIn: "sign in before opening the realtime connection"
        case .transport(let error): "no answer from the server: \(error)"
        case .unexpectedResponse(let status, let body, let reason):
            "unexpected answer\(status.map { " (HTTP \($0))" } ?? ""): \(reason): \(body)"
        case .socketRefused(let status): "the server refused the realtime socket (HTTP \(status))"
        case .connectionClosed: "the realtime connection is closed"
        }
    }

    static func unexpected(status: Int?, body: Data, reason: String) -> OXOClientError {
        .unexpectedResponse(status: status, body: String(String(decoding: body, as: UTF8.self).prefix(2000)), reason: reason)
    }
}
