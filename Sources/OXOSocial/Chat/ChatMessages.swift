import OXOCore

/// Chat messages per user, across rooms.
enum ChatMessages: ContextKey {
    static func make(_ configuration: ServerConfiguration) -> RateLimiter {
        RateLimiter(kind: "chat_messages", limit: configuration.chatMessageLimit, window: 5, clock: configuration.clock,
                    refusal: "At most \(configuration.chatMessageLimit) messages in 5 seconds")
    }
}
