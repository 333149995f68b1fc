import Foundation
import OXOCore
import OXOProtocol
import OXOSocial

/// Reads a client's socket message. One that cannot be read is refused with the client's
/// own `id` whenever the JSON has a string `id`, so the client can tell which request
/// failed, and in words that name what was wrong rather than the decoder's.
enum ClientMessageReader {
    struct Refusal: Error {
        let id: String?
        let error: APIError
    }

    static let types = ClientMessage.Kind.allCases.map(\.rawValue)

    static func read(_ text: String) throws(Refusal) -> ClientMessage {
        if let move = MoveMessageReader.read(text) { return move }
        let data = Data(text.utf8)
        do {
            return try decodeClientJSON(ClientMessage.self, from: data)
        } catch {
            guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
                throw Refusal(id: nil, error: error.code == .malformedJSON ? error
                    : APIError(.invalidRequest, "A message is a JSON object with a 'type': \(expected)."))
            }
            let id = object["id"] as? String
            guard let type = object["type"] as? String else {
                throw Refusal(id: id, error: APIError(.invalidRequest, "A message needs a 'type': \(expected)."))
            }
            guard types.contains(type) else {
                throw Refusal(id: id, error: APIError(.invalidRequest, "Unknown message type '\(type)'; expected \(expected)."))
            }
            throw Refusal(id: id, error: error)
        }
    }

    private static var expected: String {
        types.dropLast().joined(separator: ", ") + " or " + types.last!
    }
}
