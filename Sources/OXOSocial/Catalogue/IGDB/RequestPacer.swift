/// Lets at most `limit` requests start in any `window`, making the others wait their turn
/// rather than refusing them: IGDB allows 4 requests a second and answers 429 past that, so
/// waiting a fraction of a second here costs less than a refusal and a retry there.
///
/// Each caller reserves the earliest start that keeps the limit and sleeps until then;
/// reservations are made in order, so the list of starts stays sorted. It keeps real time
/// (not the server's clock, which tests stop), since the limit is IGDB's, in IGDB's seconds.
actor RequestPacer {
    let limit: Int
    let window: Duration
    private var starts: [ContinuousClock.Instant] = []

    init(limit: Int, window: Duration) {
        precondition(limit > 0)
        self.limit = limit
        self.window = window
    }

    /// Returns when a request may start; throws when the task is cancelled while waiting.
    func waitForTurn() async throws {
        let now = ContinuousClock.now
        starts.removeAll { $0 <= now - window }
        let start = starts.count < limit ? now : max(now, starts[starts.count - limit] + window)
        starts.append(start)
        if start > now {
            try await Task.sleep(until: start, clock: .continuous)
        }
    }
}
