import Foundation
import OXOProtocol

/// An event as it was committed: its topic, its number there, and its JSON. The socket
/// message is rendered once, when the event is made, and sent as is to every subscriber:
/// a room with a thousand watchers builds its text once, not a thousand times.
package struct StoredEvent: Sendable {
    package let topic: Topic
    package let seq: Int
    package let payload: String
    package let message: String

    init(topic: Topic, seq: Int, payload: String) {
        self.topic = topic
        self.seq = seq
        self.payload = payload
        message = WireJSON.eventMessage(topic: topic, seq: seq, payload: payload)
    }
}
