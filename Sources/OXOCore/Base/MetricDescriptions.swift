import Metrics

/// What each figure of `/metrics` means, written as the `# HELP` line Prometheus reads, and
/// the series that exist from the start at zero: a counter that appeared only at its first
/// increment would leave a rule such as `rate(oxo_moves_committed_total[5m])` with nothing
/// to read on a fresh server. docs/OPERATIONS.md's table says the same in more words.
package enum MetricDescriptions {
    package static let help: [String: String] = [
        "http_requests_total": "Requests answered, by method, route template and status.",
        "http_request_errors_total": "Requests answered with a 5xx status, by method, route template and status.",
        "http_request_duration_seconds": "Time to answer a request, by method, route template and status.",
        "oxo_requests_refused_total": "Requests refused with a 4xx answer, by the error's stable code.",
        "oxo_sockets_open": "WebSockets open on this process.",
        "oxo_socket_messages_total": "Socket messages received (in) and sent (out).",
        "oxo_moves_committed_total": "Moves that committed.",
        "oxo_commit_group_size": "Changes committed in one transaction.",
        "oxo_commit_duration_seconds": "Time from a group's BEGIN to its COMMIT.",
        "oxo_write_queue_depth": "Changes waiting for a transaction when a group starts.",
        "oxo_events_published_total": "Events handed to this process's sockets after their commit.",
        "oxo_event_fanout_delay_seconds": "PostgreSQL: time from an event's storing to its hand-over to this process's sockets.",
        "oxo_database_connections": "PostgreSQL: this process's pool connections, open and busy.",
        "oxo_database_connections_limit": "PostgreSQL: the most connections this process's pool opens.",
        "oxo_database_unavailable_total": "PostgreSQL: requests answered 503 database_unavailable (the connection failed under them).",
        "oxo_event_relay_reconnects_total": "PostgreSQL: times the LISTEN relay lost its connection and listened again.",
        "oxo_database_synchronous_standby": "PostgreSQL: 1 while the primary waits for a synchronous standby at each commit, 0 while it commits alone.",
        "oxo_database_standby_lag_seconds": "PostgreSQL with --standby-database-url: how far the standby's replay is behind the primary (0 when it has replayed all it received).",
        "oxo_standby_reads_fell_back_total": "PostgreSQL with --standby-database-url: reads meant for the standby that went to the primary, the standby unreachable.",
        "oxo_transaction_retries_total": "PostgreSQL: transactions aborted (deadlock, serialisation) and run again.",
        "oxo_housekeeping_runs_total": "Housekeeping jobs this process ran, by job.",
        "oxo_rate_limited_total": "Refusals with rate_limited, by the limit that refused.",
        "oxo_sign_ins_total": "Sign-ins by how they went.",
        "oxo_pushes_sent_total": "Pushes a push service took.",
        "oxo_pushes_failed_total": "Pushes that will not be delivered, by why.",
        "oxo_push_retries_total": "Pushes a push service did not take this time, tried again later.",
    ]

    /// Creates every series whose labels are known in advance, at zero.
    package static func startAtZero() {
        for name in ["oxo_moves_committed_total", "oxo_events_published_total", "oxo_pushes_sent_total", "oxo_push_retries_total",
                     "oxo_database_unavailable_total", "oxo_event_relay_reconnects_total"] {
            Counter(label: name).increment(by: 0)
        }
        for direction in ServerMetrics.Direction.allCases {
            Counter(label: "oxo_socket_messages_total", dimensions: [("direction", direction.rawValue)]).increment(by: 0)
        }
        for result in ServerMetrics.SignIn.allCases {
            Counter(label: "oxo_sign_ins_total", dimensions: [("result", result.rawValue)]).increment(by: 0)
        }
        for reason in ServerMetrics.PushFailure.allCases {
            Counter(label: "oxo_pushes_failed_total", dimensions: [("reason", reason.rawValue)]).increment(by: 0)
        }
        Meter(label: "oxo_sockets_open").increment(by: 0)
        Gauge(label: "oxo_write_queue_depth").record(0)
        _ = Recorder(label: "oxo_commit_group_size")
        _ = Timer(label: "oxo_commit_duration_seconds")
    }

    /// Prometheus' text with a `# HELP` line before each family's `# TYPE` line.
    package static func withHelp(_ text: String) -> String {
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("# TYPE "), let name = line.dropFirst("# TYPE ".count).split(separator: " ").first,
               let help = help[String(name)] {
                lines.append("# HELP \(name) \(help)")
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
