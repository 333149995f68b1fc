import Foundation
import OXOProtocol
import Vapor

/// A client's name for one request it may send more than once (the `Idempotency-Key`
/// header): after a `database_unavailable` answer it cannot know whether the first was
/// stored, and sends it again. The request records what it made under its key in its own
/// change (`RequestKeyWrites`), so one sent again with the key is answered with what the
/// first made, as it is now, and makes nothing more. Keys are kept a day.
package struct RequestKey: Sendable {
    /// What a request makes: one key names one request of one kind.
    package enum Kind: String, Sendable {
        case game
        case chatMessage = "chat_message"
        case tournament
    }

    let user: UUID
    let kind: Kind
    let text: String

    package static let header = "Idempotency-Key"
    /// How long a key is kept: far longer than a client goes on sending a request again.
    package static let lifetime: TimeInterval = 86_400

    /// The key `request` carries, if any; `invalid_request` for one that is not 1 to 100
    /// visible ASCII characters.
    package static func of(_ request: Request, user: UUID, kind: Kind) throws -> RequestKey? {
        guard let text = request.headers.first(name: header) else { return nil }
        guard (1...100).contains(text.utf8.count), text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw APIError(.invalidRequest, "An \(header) is 1 to 100 visible ASCII characters.")
        }
        return RequestKey(user: user, kind: kind, text: text)
    }
}

/// Another request with the same key recorded what it made first, while this one ran: this
/// one's change must not commit (`Store.change(once:id:earlier:make:)` runs it again, and it
/// finds that).
struct RequestKeyTaken: Error {}
