import NIOConcurrencyHelpers

/// A number that event loops and tasks add to at once.
final class Counter: Sendable {
    private let count = NIOLockedValueBox(0)

    func add(_ amount: Int) { count.withLockedValue { $0 += amount } }

    func set(_ value: Int) { count.withLockedValue { $0 = value } }

    var value: Int { count.withLockedValue { $0 } }
}

/// Errors by kind, such as "move refused: not_your_turn". A bench run with any error
/// fails: a fast server that drops moves has not been measured.
final class ErrorTally: Sendable {
    private let counts = NIOLockedValueBox<[String: Int]>([:])

    func record(_ kind: String, count: Int = 1) {
        counts.withLockedValue { $0[kind, default: 0] += count }
    }

    var byKind: [String: Int] { counts.withLockedValue { $0 } }

    var total: Int { counts.withLockedValue { $0.values.reduce(0, +) } }
}

extension ErrorTally {
    /// Counts each of `sockets` that closes while the run is still going as an error: the
    /// server dropping a client is a failure, closing them all at the end is not.
    func recordCloses(of sockets: [BenchSocket], unless stopped: @escaping @Sendable () -> Bool) {
        for socket in sockets {
            socket.onClose.whenComplete { _ in
                if !stopped() { self.record("a socket closed during the run") }
            }
        }
    }
}
