import OXOProtocol

/// Why an action of a model did not happen, as a value to show: the server's refusal with
/// its stable code (`not_your_turn`, `cell_occupied`, …), or no answer at all.
public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server's code; nil when the server was not reached or its answer could not be read.
    public let code: ErrorCode?
    /// A sentence for people: the server's own, or what went wrong on the way.
    public let message: String

    public init(code: ErrorCode?, message: String) {
        self.code = code
        self.message = message
    }

    init(_ error: any Error) {
        if let refusal = error as? Refusal {
            self = refusal
        } else if let apiError = error as? APIError {
            self.init(code: apiError.code, message: apiError.message)
        } else {
            self.init(code: nil, message: String(describing: error))
        }
    }

    public var description: String { message }
}

/// Runs an action on the caller's actor and turns whatever it throws into a `Refusal`.
func outcome<Value>(isolation: isolated (any Actor)? = #isolation,
                    of action: () async throws -> Value) async -> Result<Value, Refusal> {
    do {
        return .success(try await action())
    } catch {
        return .failure(Refusal(error))
    }
}
