import Foundation
import NIOCore
import OXOProtocol

/// An event as it was committed: its topic, its number there, and its JSON. The socket
/// message is rendered once, when the event is made, into one buffer that every
/// subscriber's socket sends as it is: a room with a thousand watchers builds and copies
/// its text once, not a thousand times.
package struct StoredEvent: Sendable {
    package let topic: Topic
    package let seq: Int
    package let payload: String
    package let message: ByteBuffer

    package init(topic: Topic, seq: Int, payload: String) {
        self.topic = topic
        self.seq = seq
        self.payload = payload
        message = ByteBuffer(bytes: WireJSON.eventMessage(topic: topic, seq: seq, payload: payload))
    }
}
