import Foundation
import OXOProtocol

/// Three `oxo serve` nodes on one fresh PostgreSQL database with nginx in front, set up by
/// the repository's own deploy/nginx/oxo.conf, as docs/OPERATIONS.md tells an operator to.
/// Needs OXO_TEST_DATABASE_URL (a PostgreSQL server whose user may create databases),
/// OXO_TEST_NGINX (the nginx binary) and psql; `Cluster.missing` says what is not there.
final class Cluster {
    static let environment = ProcessInfo.processInfo.environment
    static let databaseURL = environment["OXO_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static let nginxBinary = environment["OXO_TEST_NGINX"].flatMap { $0.isEmpty ? nil : $0 }
    static let psql = ["/usr/bin/psql", "/usr/local/bin/psql"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Why the cluster tests cannot run here, or nil when they can.
    static var missing: String? {
        if databaseURL == nil { return "set OXO_TEST_DATABASE_URL=postgres://… to run the three-node tests" }
        if nginxBinary == nil { return "set OXO_TEST_NGINX=/usr/sbin/nginx to run the three-node tests" }
        if psql == nil { return "the three-node tests need psql to make their database" }
        return nil
    }

    /// Each node's limits are raised as for a benchmark: the test's 100 clients all come
    /// from 127.0.0.1. nginx is the trusted proxy whose X-Forwarded-For names them.
    static let nodeOptions = [
        "--trusted-proxy", "127.0.0.1", "--shutdown-timeout", "5", "--requests-per-address", "1000000",
        "--sockets-per-address", "100000", "--socket-open-limit", "1000", "--chat-message-limit", "1000",
        "--socket-subscription-limit", "100000", "--postgres-connections", "2",
    ]

    private(set) var nodes: [ServeProcess] = []
    private var nginx: NginxProcess?
    let database: String
    /// The cluster's address: nginx's.
    private(set) var url = URL(string: "http://127.0.0.1")!

    init() async throws {
        database = try await Self.createDatabase()
        do {
            // One after the other: the first migrates the new database.
            for _ in 0..<3 { nodes.append(try await ServeProcess(databaseURL: database, options: Self.nodeOptions)) }
            let nginx = try await NginxProcess(executable: Self.nginxBinary!, upstreams: nodes.map(\.port))
            self.nginx = nginx
            url = URL(string: "http://127.0.0.1:\(nginx.port)")!
        } catch {
            await stop()
            throw error
        }
    }

    /// Kills node `index` at once (SIGKILL), as a crash would.
    func kill(_ index: Int) {
        nodes[index].kill()
    }

    /// Stops node `index` as an operator does (SIGTERM), waits for its exit and starts it
    /// again on its port; returns the stop's exit status and seconds.
    @discardableResult
    func restart(_ index: Int) async throws -> (status: Int32, seconds: Double) {
        let stopped = await nodes[index].terminate()
        // The stop's stages, with their times, for a slow stop to be read in the test's output.
        for line in nodes[index].output.split(separator: "\n") where line.contains("OXO stop") { print("node \(index + 1): \(line)") }
        nodes[index] = try await ServeProcess(folder: nodes[index].folder, port: nodes[index].port, databaseURL: database,
                                              options: Self.nodeOptions)
        return stopped
    }

    /// Starts node `index` again on its port after a kill.
    func start(_ index: Int) async throws {
        nodes[index] = try await ServeProcess(folder: nodes[index].folder, port: nodes[index].port, databaseURL: database,
                                              options: Self.nodeOptions)
    }

    /// The nodes whose log says a socket of `user` opened there.
    func nodesHoldingSockets(of user: UserID) -> Set<Int> {
        Set(nodes.indices.filter { index in
            nodes[index].output.split(separator: "\n").contains { $0.contains("socket opened") && $0.contains("\(user)") }
        })
    }

    /// Copies each node's log to a folder that outlives the cluster, for a failure to be
    /// read after the test; returns the folder.
    func keepLogs() throws -> URL {
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-cluster-logs-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        for (index, node) in nodes.enumerated() {
            try Data(node.output.utf8).write(to: kept.appendingPathComponent("node-\(index + 1).log"))
        }
        return kept
    }

    func stop() async {
        nginx?.stop()
        for node in nodes { _ = await node.terminate() }
        // What went wrong on the servers, for a failure to be read in the test's output.
        for (index, node) in nodes.enumerated() {
            for line in node.output.split(separator: "\n") where line.contains(" error ") || line.contains("critical") {
                print("node \(index + 1): \(line.prefix(600))")
            }
        }
        for node in nodes { try? FileManager.default.removeItem(at: node.folder) }
        await Self.dropDatabase(database)
    }

    static func dropDatabase(_ url: String) async {
        _ = await psql(["-c", "DROP DATABASE IF EXISTS \(URL(string: url)!.lastPathComponent)"])
    }

    /// One value `sql` selects from the cluster's database, as psql prints it unaligned.
    func query(_ sql: String) async throws -> String {
        let process = try ChildProcess(Self.psql!, ["-q", "-At", database, "-c", sql], environment: Self.environment, output: .pipe)
        let output = process.pipes[1]!
        let printed = await onOwnThread { output.readDataToEndOfFile() }
        guard await onOwnThread({ process.wait() }) == 0 else { throw QueryFailed(sql: sql) }
        return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct QueryFailed: Error, CustomStringConvertible {
        let sql: String
        var description: String { "psql could not run: \(sql)" }
    }

    /// A database of its own on the server OXO_TEST_DATABASE_URL names.
    static func createDatabase() async throws -> String {
        let name = "oxo_cluster_\(UUID().uuidString.prefix(8).lowercased())"
        guard await psql(["-c", "CREATE DATABASE \(name)"]) == 0 else { throw CouldNotCreate(name: name) }
        var url = URLComponents(string: databaseURL!)!
        url.path = "/" + name
        return url.string!
    }

    private static func psql(_ arguments: [String]) async -> Int32 {
        guard let process = try? ChildProcess(psql!, ["-q", databaseURL!] + arguments, environment: environment) else { return -1 }
        return await onOwnThread { process.wait() }
    }

    struct CouldNotCreate: Error, CustomStringConvertible {
        let name: String
        var description: String { "psql could not create the database \(name) on OXO_TEST_DATABASE_URL" }
    }
}

/// nginx run as the test's user, with everything it writes in a folder of its own, serving
/// deploy/nginx/oxo.conf with the upstreams and the listening port put in.
final class NginxProcess {
    private let process: ChildProcess
    let port: Int
    private let prefix: URL

    init(executable: String, upstreams: [Int]) async throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-nginx-\(UUID().uuidString)")
        self.prefix = prefix
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        port = try FreePort.pick()
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let site = try String(contentsOf: repository.appendingPathComponent("deploy/nginx/oxo.conf"), encoding: .utf8)
        try Self.render(site, upstreams: upstreams, port: port)
            .write(to: prefix.appendingPathComponent("oxo.conf"), atomically: true, encoding: .utf8)
        let temporary = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
            .map { "\($0)_temp_path \(prefix.path)/\($0);" }.joined(separator: "\n    ")
        let main = """
            worker_processes 1;
            daemon off;
            pid \(prefix.path)/nginx.pid;
            error_log stderr warn;
            events { worker_connections 4096; }
            http {
                access_log off;
                \(temporary)
                include \(prefix.path)/oxo.conf;
            }
            """
        try main.write(to: prefix.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        let log = prefix.appendingPathComponent("nginx.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        process = try ChildProcess(executable, ["-p", prefix.path, "-e", "stderr", "-c", prefix.appendingPathComponent("nginx.conf").path],
                                   environment: ProcessInfo.processInfo.environment, output: .file(handle), errors: .file(handle))
        let deadline = ContinuousClock.now + .seconds(20)
        while !FreePort.answers(port) {
            guard process.isRunning, ContinuousClock.now < deadline else {
                stop()
                throw DidNotStart(log: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// The operator's file with this test's ports: each node's port in the `server` lines of
    /// the upstream (the file's first port is node 1's wherever it appears, and so on) and the
    /// `listen` line, nothing else.
    static func render(_ site: String, upstreams: [Int], port: Int) throws -> String {
        var lines = site.components(separatedBy: "\n")
        let address = try Regex(#"127\.0\.0\.1:(\d+)"#)
        let servers = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix("server 127.0.0.1:") }
        let ports = servers.compactMap { line in lines[line].firstMatch(of: address).flatMap { $0[1].substring }.map(String.init) }
        var nodes: [String] = []
        for found in ports where !nodes.contains(found) { nodes.append(found) }
        let listen = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces) == "listen 80;" }
        guard nodes.count == upstreams.count, ports.count == servers.count, listen.count == 1 else { throw UnexpectedConfig() }
        for (line, found) in zip(servers, ports) {
            let upstream = upstreams[nodes.firstIndex(of: found)!]
            lines[line] = lines[line].replacingOccurrences(of: "127.0.0.1:\(found) ", with: "127.0.0.1:\(upstream) ")
        }
        lines[listen[0]] = "    listen 127.0.0.1:\(port);"
        return lines.joined(separator: "\n")
    }

    func stop() {
        if process.isRunning {
            process.signal(SIGQUIT)
            _ = process.wait()
        }
        // What nginx found wrong with the nodes (a refused connect, no live upstream), for a
        // failure's output: warnings and errors only, the most recent last.
        let log = (try? String(contentsOf: prefix.appendingPathComponent("nginx.log"), encoding: .utf8)) ?? ""
        for line in log.split(separator: "\n").suffix(40) { print("nginx: \(line)") }
        try? FileManager.default.removeItem(at: prefix)
    }

    struct UnexpectedConfig: Error, CustomStringConvertible {
        var description: String { "deploy/nginx/oxo.conf no longer has one `listen 80;` and `server 127.0.0.1:…` lines naming one port per node" }
    }

    struct DidNotStart: Error, CustomStringConvertible {
        let log: String
        var description: String { "nginx did not start:\n\(log.suffix(4_000))" }
    }
}
