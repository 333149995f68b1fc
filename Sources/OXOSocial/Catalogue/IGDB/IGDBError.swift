import Foundation

/// Why IGDB gave no games. Each case reads as a sentence in a log, so an operator sees what
/// went wrong without the secret or the token; the caller keeps answering from what is stored.
enum IGDBError: Error, Equatable, CustomStringConvertible {
    /// Twitch's token endpoint or IGDB did not answer within the time allowed.
    case timedOut(service: String, seconds: Double)
    /// A connection could not be made or broke off.
    case unreachable(service: String, reason: String)
    /// Twitch refused the client id and secret.
    case credentialsRefused(status: Int)
    /// IGDB refused a token Twitch had just given.
    case tokenRefused
    /// IGDB answered 429 to every try.
    case rateLimited(tries: Int)
    /// IGDB or Twitch failed on its side (a 5xx).
    case serverError(service: String, status: Int)
    /// A status the documentation does not lead us to expect, such as a 400 for a query.
    case unexpectedStatus(service: String, status: Int)
    /// An answer that is not the JSON the documentation describes.
    case malformed(service: String, reason: String)

    var description: String {
        switch self {
        case .timedOut(let service, let seconds):
            "\(service) did not answer within \(seconds.formatted()) seconds"
        case .unreachable(let service, let reason):
            "\(service) could not be reached: \(reason)"
        case .credentialsRefused(let status):
            "Twitch refused the IGDB client id and secret (HTTP \(status)); check OXO_IGDB_CLIENT_ID and OXO_IGDB_CLIENT_SECRET"
        case .tokenRefused:
            "IGDB refused a freshly issued access token (HTTP 401)"
        case .rateLimited(let tries):
            "IGDB answered 429 Too Many Requests to all \(tries) tries"
        case .serverError(let service, let status):
            "\(service) failed on its side (HTTP \(status))"
        case .unexpectedStatus(let service, let status):
            "\(service) answered with HTTP \(status)"
        case .malformed(let service, let reason):
            "\(service)'s answer was not what its documentation describes: \(reason)"
        }
    }
}
