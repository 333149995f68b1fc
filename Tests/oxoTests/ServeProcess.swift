import Foundation

/// `oxo serve` on a free port, with the rate limits raised as a server to bench needs
/// them: on a fresh data file, or on the one in `folder` to start again where a stopped
/// or killed server left off (on the same `port`, for clients that reconnect to it).
final class ServeProcess {
    private let process: ChildProcess
    let url: String
    let port: Int
    let folder: URL
    /// What the server writes to standard output.
    let log: URL
    var pid: Int32 { process.pid }

    /// `openFileLimit` starts the server with that soft limit of open files; `cores` holds it
    /// to those cores (`taskset -c`, as "0" or "0,1"); `adminToken`
    /// opens `/v1/admin` (`oxo admin`) to that token; `options` are added to `oxo serve`'s;
    /// `databaseURL` stores in that PostgreSQL database instead of a SQLite file.
    init(folder existing: URL? = nil, port existingPort: Int? = nil, openFileLimit: Int? = nil, cores: String? = nil,
         adminToken: String? = nil, databaseURL: String? = nil, options: [String] = []) async throws {
        guard let executable = OXOProcess.executable else { throw OXONotBuilt() }
        folder = existing ?? FileManager.default.temporaryDirectory.appendingPathComponent("oxo-serve-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Port 0 lets the kernel pick while binding: a port picked here and bound later
        // could be taken by another test's server in between.
        log = folder.appendingPathComponent("server-\(existingPort ?? 0)-\(UUID().uuidString.prefix(8)).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let storage = databaseURL == nil ? ["--data", folder.appendingPathComponent("oxo.sqlite").path] : []
        let arguments = ["serve", "--port", "\(existingPort ?? 0)"] + storage
            + ["--bcrypt-cost", "4", "--registration-limit", "100000", "--sign-in-attempt-limit", "100000",
               "--sign-in-address-limit", "100000", "--password-hashing-queue", "100000"]
            + (adminToken.map { ["--admin-token", $0] } ?? []) + options
        let logHandle = try FileHandle(forWritingTo: log)
        defer { try? logHandle.close() }
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = databaseURL
        if openFileLimit != nil || cores != nil {
            let limit = openFileLimit.map { "ulimit -Sn \($0) && " } ?? ""
            let pin = cores.map { "taskset -c \($0) " } ?? ""
            process = try ChildProcess("/bin/sh", ["-c", limit + "exec " + pin + #""$0" "$@""#, executable.path] + arguments,
                                       environment: environment, output: .file(logHandle))
        } else {
            process = try ChildProcess(executable.path, arguments, environment: environment, output: .file(logHandle))
        }
        let deadline = Date().addingTimeInterval(60)
        var listening: String?
        while listening == nil {
            let written = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            listening = Self.listeningURL(in: written)
            guard listening != nil || (process.isRunning && Date() < deadline) else {
                let running = process.isRunning
                if running { process.signal(SIGKILL); process.wait() }
                try? FileManager.default.removeItem(at: folder)
                throw ServerDidNotStart(reason: running ? "no \"OXO listening\" line within 60 s" : "it exited", log: written)
            }
            if listening == nil { try await Task.sleep(for: .milliseconds(50)) }
        }
        url = listening!
        port = Int(url.split(separator: ":").last!)!
    }

    /// The address in the line the server logs once it listens: `OXO listening ... url=http://host:port`.
    private static func listeningURL(in log: String) -> String? {
        guard let line = log.split(separator: "\n").first(where: { $0.contains("OXO listening") }),
              let start = line.range(of: "url=")?.upperBound else { return nil }
        return String(line[start...].prefix { !$0.isWhitespace && $0 != "]" })
    }

    /// Stops the server as an operator would (SIGTERM) and deletes its data once it has
    /// exited, without making the test wait for that.
    func stop() {
        let (process, folder) = (process, folder)
        process.signal(SIGTERM)
        Thread {
            process.wait()
            try? FileManager.default.removeItem(at: folder)
        }.start()
    }

    /// Stops the server as an operator would (SIGTERM), keeping its data, and returns its
    /// exit status and the seconds from the signal to the exit.
    func terminate() async -> (status: Int32, seconds: Double) {
        let process = process
        let sent = ContinuousClock.now
        process.signal(SIGTERM)
        let status = await onOwnThread { process.wait() }
        let took = (ContinuousClock.now - sent).components
        return (status, Double(took.seconds) + Double(took.attoseconds) / 1e18)
    }

    /// What the server has written so far.
    var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Kills the server at once (SIGKILL), as a crash or a power cut of the process would,
    /// and keeps its data.
    func kill() {
        if process.isRunning {
            process.signal(SIGKILL)
            process.wait()
        }
    }

    /// Says why, with what the server wrote, so a failure on a busy CI machine can be read.
    struct ServerDidNotStart: Error, CustomStringConvertible {
        let reason: String
        let log: String
        var description: String { "oxo serve did not start (\(reason)); its output:\n\(log.suffix(4_000))" }
    }
}
