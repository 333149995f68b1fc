import AsyncHTTPClient
import Foundation
import OXOCore
import OXOServer

/// A server the bench starts for itself: this same executable as `oxo serve`, in a child
/// process of its own (so its memory can be read from /proc apart from the load
/// generator's), on a free port of 127.0.0.1, with a fresh SQLite file in a temporary
/// folder, or on DATABASE_URL when that is set. Its log goes to a file in that folder.
final class BenchServer: Sendable {
    let baseURL: URL
    let pid: Int32
    /// What the server stores into, for the report.
    let storage: String
    /// Its database, for a bench that fills it directly.
    let data: ServerConfiguration.Storage
    private let folder: URL
    private let process: Process

    private init(baseURL: URL, process: Process, storage: String, data: ServerConfiguration.Storage, folder: URL) {
        self.baseURL = baseURL
        self.data = data
        self.process = process
        pid = process.processIdentifier
        self.storage = storage
        self.folder = folder
    }

    static func start(bcryptCost: Int, durability: ServerConfiguration.Durability, fileLimit: Int) async throws -> BenchServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-bench-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let port = try FreePort.find()
        let unlimited = "1000000000"
        var arguments = [
            "serve", "--port", "\(port)", "--bcrypt-cost", "\(bcryptCost)", "--durability", durability.rawValue,
            // The bench signs up thousands of accounts from one address, logs them in and
            // connects them, as many at once as it is told: it measures the work, not its refusals.
            "--registration-limit", unlimited, "--sign-in-attempt-limit", unlimited, "--sign-in-address-limit", unlimited,
            "--password-hashing-queue", unlimited, "--sockets-per-address", unlimited, "--socket-open-limit", unlimited,
            "--socket-subscription-limit", unlimited, "--requests-per-address", unlimited, "--chat-message-limit", unlimited,
            "--bench-echo",
        ]
        let environment = ProcessInfo.processInfo.environment
        let storage: String
        let data: ServerConfiguration.Storage
        if let url = environment["DATABASE_URL"], !url.isEmpty {
            data = .postgres(url: url)
            storage = data.summary
        } else {
            let file = folder.appendingPathComponent("bench.sqlite").path
            arguments += ["--data", file]
            data = .sqlite(path: file)
            storage = "sqlite, synchronous=\(durability.rawValue.uppercased())"
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        let log = folder.appendingPathComponent("server.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let logHandle = try FileHandle(forWritingTo: log)
        process.standardOutput = logHandle
        process.standardError = logHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let server = BenchServer(baseURL: URL(string: "http://127.0.0.1:\(port)")!, process: process, storage: storage, data: data, folder: folder)
        do {
            try await server.waitUntilHealthy(log: log)
        } catch {
            server.stop()
            throw error
        }
        stderrLine("server: pid \(server.pid), \(storage), \(server.baseURL), file limit \(fileLimit), log \(log.path)")
        return server
    }

    /// Stops the server as Ctrl-C would (killing it if it has not stopped after ten
    /// seconds), and removes its temporary folder.
    func stop() {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(pid, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    private func waitUntilHealthy(log: URL) async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline {
            guard process.isRunning else { throw ServerDidNotStart(log: log, reason: "it exited") }
            var request = HTTPClientRequest(url: baseURL.appendingPathComponent("health").absoluteString)
            request.method = .GET
            if let response = try? await HTTPClient.shared.execute(request, timeout: .seconds(2)), response.status == .ok {
                return
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ServerDidNotStart(log: log, reason: "/health did not answer within two minutes")
    }

    /// Carries the end of the server's log, read before its folder is removed.
    struct ServerDidNotStart: Error, CustomStringConvertible {
        let description: String

        init(log: URL, reason: String) {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            description = "the bench's server did not start (\(reason)); its log ends:\n" + text.suffix(2000)
        }
    }
}

#if canImport(Glibc)
private let streamSocket = Int32(SOCK_STREAM.rawValue)
#else
private let streamSocket = SOCK_STREAM
#endif

/// A port of 127.0.0.1 that nothing listens on: the kernel picks one for a socket bound
/// to port 0, which is closed again for the server to take.
enum FreePort {
    static func find() throws -> Int {
        let descriptor = socket(AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { throw NoFreePort() }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else { throw NoFreePort() }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    struct NoFreePort: Error, CustomStringConvertible {
        var description: String { "could not find a free port on 127.0.0.1" }
    }
}

/// Progress and notes go to standard error, so standard output holds only the table.
func stderrLine(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
