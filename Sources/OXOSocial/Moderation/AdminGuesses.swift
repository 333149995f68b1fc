import OXOCore

/// Wrong admin tokens per client address, limited like sign-ins.
enum AdminGuesses: ContextKey {
    static func make(_ configuration: ServerConfiguration) -> RateLimiter {
        RateLimiter(kind: "admin_guesses", limit: configuration.adminGuessLimit, window: 15 * 60, clock: configuration.clock,
                    refusal: "Too many wrong admin tokens from your address")
    }
}
