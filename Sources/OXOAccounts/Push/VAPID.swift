import Crypto
import Foundation

/// RFC 8292: the server identifies itself to a push service with a JWT (ES256) that names
/// the service's origin, an expiry and a contact, signed with the key pair whose public
/// half browsers subscribed with (`applicationServerKey`). The service refuses pushes to
/// a subscription made for another key.
package struct VAPID: Sendable {
    /// A token lasts 12 hours, within the 24 the RFC allows.
    static let lifetime: TimeInterval = 12 * 3600

    let key: P256.Signing.PrivateKey
    /// `mailto:` an address, or the server's https URL: whom a push service may contact.
    let subject: String

    /// The public key as browsers take it: base64url of the 65-byte uncompressed point.
    package var publicKey: String { Base64URL.encode(key.publicKey.x963Representation) }

    /// The `Authorization` header for a push to `endpoint`, valid from `now`.
    func authorization(for endpoint: URL, now: Date) throws -> String {
        "vapid t=\(try token(audience: Self.origin(of: endpoint), now: now)), k=\(publicKey)"
    }

    func token(audience: String, now: Date) throws -> String {
        let header = Base64URL.encode(Array(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        let claims = try JSONSerialization.data(withJSONObject: [
            "aud": audience, "exp": Int(now.addingTimeInterval(Self.lifetime).timeIntervalSince1970), "sub": subject,
        ], options: [.sortedKeys, .withoutEscapingSlashes])
        let signingInput = header + "." + Base64URL.encode(claims)
        // ES256's signature is r and s, 32 bytes each, side by side: the raw representation.
        let signature = try key.signature(for: Array(signingInput.utf8)).rawRepresentation
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// `scheme://host[:port]`, the audience a push service checks.
    static func origin(of endpoint: URL) -> String {
        var origin = "\(endpoint.scheme ?? "https")://\(endpoint.host ?? "")"
        if let port = endpoint.port { origin += ":\(port)" }
        return origin
    }
}
