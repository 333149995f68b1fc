import Foundation

#if canImport(Glibc)
private let streamSocket = Int32(SOCK_STREAM.rawValue)
#else
private let streamSocket = SOCK_STREAM
#endif

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

    /// `openFileLimit` starts the server with that soft limit of open files.
    init(folder existing: URL? = nil, port existingPort: Int? = nil, openFileLimit: Int? = nil) throws {
        guard let executable = OXOProcess.executable else { throw OXONotBuilt() }
        folder = existing ?? FileManager.default.temporaryDirectory.appendingPathComponent("oxo-serve-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try existingPort ?? Self.freePort()
        url = "http://127.0.0.1:\(port)"
        log = folder.appendingPathComponent("server-\(port).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let arguments = ["serve", "--port", "\(port)", "--data", folder.appendingPathComponent("oxo.sqlite").path,
                         "--bcrypt-cost", "4", "--registration-limit", "100000", "--sign-in-attempt-limit", "100000",
                         "--sign-in-address-limit", "100000", "--password-hashing-queue", "100000"]
        let logHandle = try FileHandle(forWritingTo: log)
        defer { try? logHandle.close() }
        let environment = ProcessInfo.processInfo.environment
        if let openFileLimit {
            process = try ChildProcess("/bin/sh", ["-c", #"ulimit -Sn \#(openFileLimit) && exec "$0" "$@""#, executable.path] + arguments,
                                       environment: environment, output: .file(logHandle))
        } else {
            process = try ChildProcess(executable.path, arguments, environment: environment, output: .file(logHandle))
        }
        // The server logs this line once it listens.
        let deadline = Date().addingTimeInterval(60)
        while !((try? String(contentsOf: log, encoding: .utf8))?.contains("OXO listening") ?? false) {
            guard process.isRunning, Date() < deadline else {
                stop()
                throw ServerDidNotStart()
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Stops the server as an operator would (SIGTERM) and deletes its data.
    func stop() {
        if process.isRunning {
            process.signal(SIGTERM)
            process.wait()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Kills the server at once (SIGKILL), as a crash or a power cut of the process would,
    /// and keeps its data.
    func kill() {
        if process.isRunning {
            process.signal(SIGKILL)
            process.wait()
        }
    }

    /// A port the kernel picks for a socket bound to port 0, closed again for the server.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, streamSocket, 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard descriptor >= 0, bound else { throw ServerDidNotStart() }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    struct ServerDidNotStart: Error {}
}
