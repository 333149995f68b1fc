/// Lets one write transaction at a time into a SQLite file. SQLite allows one writer
/// anyway; a second one that tried would spin in SQLite's busy handler on a thread of
/// the blocking pool, which the first one may need to commit. Waiting here costs no
/// thread. The database's own checks stay the guard of correctness; this only queues.
actor WriteGate {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await enter()
        defer { leave() }
        return try await body()
    }

    private func enter() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func leave() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
