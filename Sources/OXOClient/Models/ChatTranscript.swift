import OXOProtocol

/// A chat room's messages as its topic told them: the snapshot's last 50, then each one
/// posted or deleted, in the room's order.
public struct ChatTranscript: Hashable, Sendable {
    public private(set) var messages: [ChatMessage] = []

    public init(messages: [ChatMessage] = []) {
        self.messages = messages
    }

    /// A posted message joins the end; a deleted one takes the place it had, without its text.
    mutating func apply(_ message: ChatMessage) {
        if let index = messages.firstIndex(where: { $0.id == message.id }) {
            messages[index] = message
        } else {
            messages.append(message)
            messages.sort { $0.seq < $1.seq }
        }
    }
}
