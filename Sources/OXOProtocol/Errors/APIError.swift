/// An error as it crosses the wire: a stable code, a sentence for people, and for
/// `stale_state` the game as it now stands so the client can catch up at once.
public struct APIError: Error, Codable, Hashable, Sendable, CustomStringConvertible {
    public let code: ErrorCode
    public let message: String
    public let game: GameView?

    public init(_ code: ErrorCode, _ message: String, game: GameView? = nil) {
        self.code = code
        self.message = message
        self.game = game
    }

    public var description: String { "\(code.rawValue): \(message)" }
}

/// The body of every REST error response: `{"error": {"code": ..., "message": ...}}`.
public struct ErrorResponse: Codable, Hashable, Sendable {
    public let error: APIError

    public init(error: APIError) { self.error = error }
}
