import Fluent
import OXOCore

extension Store {
    /// Runs `body`, a change to games, and calls `answer` once it committed; once more when
    /// another process stored a move of one of its games after `body` read it
    /// (`MoveNumberTaken`, PostgreSQL), to answer as it would have, had it come second. Every
    /// change that plays or ends games on a player's request goes this way: `read` names the
    /// game a move reads, for its group to read with the others' (`RowRead`).
    package func changeGames<T: Sendable>(reading read: RowRead? = nil, _ body: @escaping @Sendable (Change) async throws -> T,
                                          answer: @escaping @Sendable (Result<T, any Error>) -> Void) {
        change(reading: read, body) { result in
            if case .failure(let error) = result,
               error is MoveNumberTaken || (error as? any DatabaseError)?.isConstraintFailure == true {
                return change(reading: read, body) { answer($0.mapError(MoveNumberTaken.explained)) }
            }
            answer(result)
        }
    }

    package func changeGames<T: Sendable>(_ body: @escaping @Sendable (Change) async throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            changeGames(body) { continuation.resume(with: $0) }
        }
    }
}
