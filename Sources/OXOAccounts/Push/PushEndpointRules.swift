import Crypto
import Foundation
import OXOProtocol

/// What a subscription may say. The server POSTs to the endpoint a user gave, so it must
/// be a push service's: `https://` on a known one (by default FCM, Mozilla's, Apple's and
/// Windows'), or one the operator named with `--push-service`; plain `http://` only to
/// `127.0.0.1` on a port named that way (a local stand-in). Never anything else in this
/// network. The keys must be a P-256 point and a 16-byte secret, as browsers make them.
package struct PushEndpointRules: Sendable {
    /// Hosts taken as they are, and the parents whose subdomains are taken.
    static let knownHosts: Set<String> = ["fcm.googleapis.com"]
    static let knownParents = ["push.services.mozilla.com", "push.apple.com", "notify.windows.com"]
    /// Longer than any push service's endpoint (FCM's are about 200 characters).
    static let longestEndpoint = 1024

    /// `HOST` or `HOST:PORT`, lower case, from `--push-service`.
    let named: Set<String>

    package init(services: [String]) {
        named = Set(services.map { $0.lowercased() })
    }

    /// Whether `--push-service` values can work: a host, and a port if one is given.
    package static func isService(_ text: String) -> Bool {
        guard let url = URL(string: "https://\(text)"), let host = url.host, !host.isEmpty else { return false }
        return "https://\(text)" == "https://\(host)\(url.port.map { ":\($0)" } ?? "")" && url.path.isEmpty
    }

    /// The endpoint and keys, checked; throws `invalid_push_subscription` saying what is wrong.
    func check(_ request: PushSubscriptionRequest) throws(APIError) -> CheckedSubscription {
        let endpoint = try checkEndpoint(request.endpoint)
        guard let p256dh = Base64URL.decode(request.keys.p256dh), p256dh.count == 65,
              (try? P256.KeyAgreement.PublicKey(x963Representation: p256dh)) != nil
        else { throw Self.refusal("keys.p256dh must be base64url of an uncompressed P-256 point (65 bytes).") }
        guard let auth = Base64URL.decode(request.keys.auth), auth.count == 16 else {
            throw Self.refusal("keys.auth must be base64url of 16 bytes.")
        }
        return CheckedSubscription(endpoint: endpoint, p256dh: Base64URL.encode(p256dh), auth: Base64URL.encode(auth))
    }

    private func checkEndpoint(_ text: String) throws(APIError) -> String {
        guard text.count <= Self.longestEndpoint, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              let host = url.host?.lowercased(), !host.isEmpty, url.user == nil, url.password == nil, url.fragment == nil
        else { throw Self.refusal("The endpoint must be a push service's https:// address.") }
        let hostAndPort = url.port.map { "\(host):\($0)" } ?? host
        switch scheme {
        case "https":
            let known = url.port == nil && (Self.knownHosts.contains(host) || Self.knownParents.contains { host.hasSuffix(".\($0)") })
            guard known || named.contains(hostAndPort) else {
                throw Self.refusal("\(host) is not a known push service; the operator may add one with --push-service.")
            }
        case "http" where host == "127.0.0.1" && url.port != nil && named.contains(hostAndPort):
            break
        default:
            throw Self.refusal("The endpoint must be a push service's https:// address.")
        }
        return text
    }

    private static func refusal(_ message: String) -> APIError {
        APIError(.invalidPushSubscription, message)
    }
}

/// A subscription that passed `PushEndpointRules`, keys in canonical base64url.
struct CheckedSubscription: Sendable {
    let endpoint: String
    let p256dh: String
    let auth: String
}
