/// How a `RealtimeConnection` keeps itself alive.
public struct RealtimeOptions: Sendable {
    /// The wait before the first reconnect attempt, doubled after each failed one.
    public var firstRetryDelay: Duration
    /// The longest wait between attempts.
    public var maximumRetryDelay: Duration
    /// How often to ping the server. A socket whose ping is unanswered by the next one is
    /// treated as dropped, which catches connections that die without closing.
    public var heartbeat: Duration
    /// How long opening the socket (connect and upgrade) may take before trying again.
    public var connectTimeout: Duration
    /// The largest message accepted from the server, in bytes. A lobby snapshot is one message.
    public var maximumMessageSize: Int
    /// How long an opened socket may go without the server's welcome, and a move sent on it
    /// without its answer, before the socket is taken for stuck: it is closed, and the move is
    /// sent again on the next one (through a balancer, perhaps another server), which is safe
    /// because a move is applied once by its number. Pings do not show this: they are answered
    /// by the server's socket layer even while its session waits for something that never comes.
    public var answerTimeout: Duration

    public init(firstRetryDelay: Duration = .milliseconds(250), maximumRetryDelay: Duration = .seconds(10),
                heartbeat: Duration = .seconds(20), connectTimeout: Duration = .seconds(10),
                maximumMessageSize: Int = 16 << 20, answerTimeout: Duration = .seconds(15)) {
        self.firstRetryDelay = firstRetryDelay
        self.maximumRetryDelay = maximumRetryDelay
        self.heartbeat = heartbeat
        self.connectTimeout = connectTimeout
        self.maximumMessageSize = maximumMessageSize
        self.answerTimeout = answerTimeout
    }

    var backoff: ReconnectBackoff { ReconnectBackoff(initial: firstRetryDelay, maximum: maximumRetryDelay) }
}
