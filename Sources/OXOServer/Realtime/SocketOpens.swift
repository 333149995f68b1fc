import OXOCore

/// Sockets opened per user in a minute.
enum SocketOpens: ContextKey {
    static func make(_ configuration: ServerConfiguration) -> RateLimiter {
        RateLimiter(kind: "socket_opens", limit: configuration.socketOpenLimit, window: 60, clock: configuration.clock)
    }
}
