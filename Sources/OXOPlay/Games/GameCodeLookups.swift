import OXOCore

/// Look-ups of a game by its share code per user and per address, so that private games
/// cannot be found by trying codes.
enum GameCodeLookups: ContextKey {
    static func make(_ configuration: ServerConfiguration) -> RateLimiter {
        RateLimiter(kind: "game_code_lookups", limit: configuration.gameCodeLookupLimit, window: 60, clock: configuration.clock)
    }
}
