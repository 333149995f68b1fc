import OXOCore

/// Sockets opened per user in a minute.
enum SocketOpens: ContextKey {
    static func make(_ configuration: ServerConfiguration) -> RateLimiter {
        RateLimiter(kind: "socket_opens", limit: configuration.socketOpenLimit, window: 60, clock: configuration.clock)
    }
}

/// The subscriptions each socket may ask for in a while, by the session's id. Each reads a
/// snapshot or the events missed, so a client asking again and again would have the server
/// do that work for nothing; past the limit a subscription is refused (`rate_limited`)
/// without it. A client follows a handful of topics and a few more as it moves between
/// games. One limiter for every socket: one of its own cost each idle socket an object, a
/// lock and a table kept for as long as the socket lived.
enum SocketSubscriptions: ContextKey {
    static func make(_ configuration: ServerConfiguration) -> RateLimiter {
        RateLimiter(kind: "socket_subscriptions", limit: configuration.socketSubscriptionLimit, window: 10,
                    clock: configuration.clock, refusal: "Too many subscriptions on this socket")
    }
}
