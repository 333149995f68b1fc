import Foundation
import NIOConcurrencyHelpers
import OXOCore
import OXOProtocol

/// The tournaments changed in this process since their topic last heard of them: a join, a
/// leave, a result, a pairing, a start or an end marks one (after its change commits), and
/// the clock timer sends each marked tournament's `tournament_changed` at most once a second
/// (`TournamentService.publishChanges`), however many results came in between: a wave of
/// 500 games finishing is one event, not 500.
package enum TournamentChanges: ContextKey {
    package static func make(_ configuration: ServerConfiguration) -> Marks { Marks() }

    package final class Marks: Sendable {
        private let marked = NIOLockedValueBox<Set<TournamentID>>([])

        func mark(_ id: TournamentID) { _ = marked.withLockedValue { $0.insert(id) } }

        /// The marked tournaments, unmarked.
        func take() -> Set<TournamentID> { marked.withLockedValue { marked in defer { marked = [] }; return marked } }
    }
}

extension TournamentWrites {
    /// Marks the tournament for its topic's next batch, once this change commits.
    func changed(_ id: TournamentID) {
        let marks = context[TournamentChanges.self]
        afterCommit { marks.mark(id) }
    }
}
