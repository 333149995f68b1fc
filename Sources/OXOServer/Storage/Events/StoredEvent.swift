import Foundation
import OXOProtocol

/// An event as it was committed: its topic, its number there, and its JSON. The socket
/// message is rendered once here and sent as is to every subscriber.
struct StoredEvent: Sendable {
    let topic: Topic
    let seq: Int
    let payload: String

    var message: String {
        #"{"event":\#(payload),"seq":\#(seq),"topic":"\#(topic)","type":"event"}"#
    }
}
