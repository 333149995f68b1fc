import Foundation

/// The real `oxo` executable, built by SwiftPM next to this test bundle, run as a child
/// process with pipes for its standard input and output.
struct OXOProcess {
    struct Finished: Sendable, CustomStringConvertible {
        let output: String
        let errors: String
        let status: Int32

        /// Everything the program did, for an assertion's message: what it got, not only
        /// what was wanted.
        var description: String {
            "exit status \(status)\n--- standard output:\n\(output)\n--- standard error:\n\(errors)"
        }
    }

    /// Runs `oxo` with `arguments`, types `lines` (then ends the input) and waits for it
    /// to exit. `environment` adds to the test's own environment.
    static func run(_ arguments: [String], typing lines: [String] = [], environment: [String: String] = [:]) async throws -> Finished {
        let running = try RunningOXO(arguments, environment: environment)
        running.type(lines)
        running.endInput()
        return await running.finish()
    }

    /// `oxo` in the directory SwiftPM builds products into. On Linux the test runner is
    /// an executable there, so that is the main bundle's directory; on macOS it is the
    /// directory holding the .xctest bundle.
    static let executable: URL? = {
        let xctestParents = Bundle.allBundles.map(\.bundleURL)
            .filter { $0.pathExtension == "xctest" }
            .map { $0.deletingLastPathComponent() }
        let candidates = [Bundle.main.bundleURL] + xctestParents
            + [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        return candidates.map { $0.appendingPathComponent("oxo") }.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
                && FileManager.default.isExecutableFile(atPath: url.path)
        }
    }()
}

struct OXONotBuilt: Error, CustomStringConvertible {
    var description: String { "no oxo executable next to the test bundle; build it with `swift build --product oxo`" }
}

/// A running `oxo` that a test talks to prompt by prompt, as a person would. One test
/// talks to it, one call at a time; the reads that block run on threads of their own.
final class RunningOXO: @unchecked Sendable {
    private let process: ChildProcess
    private let input: FileHandle
    private let output: FileHandle
    private let errors: FileHandle
    private var printed = Data()
    /// Everything the program has printed so far.
    var transcript: String { String(decoding: printed, as: UTF8.self) }

    /// How a prompt ends; the program writes nothing after one until it is answered.
    private static let promptEndings = ["> ", "[y/n] "]

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        guard let executable = OXOProcess.executable else { throw OXONotBuilt() }
        process = try ChildProcess(executable.path, arguments,
                                   environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
                                   input: .pipe, output: .pipe, errors: .pipe)
        input = process.pipes[0]!
        output = process.pipes[1]!
        errors = process.pipes[2]!
    }

    /// What the program printed since the last call, up to and including the prompt it
    /// now waits at; nil when it has ended its output instead.
    func readUntilPrompt() async -> String? {
        await read { text in Self.promptEndings.contains(where: text.hasSuffix) }
    }

    /// What the program printed since the last call, once it has printed `text`; nil when
    /// it has ended its output instead.
    func readUntil(_ text: String) async -> String? {
        await read { $0.contains(text) }
    }

    private func read(until isEnough: @escaping @Sendable (String) -> Bool) async -> String? {
        await onOwnThread { self.readBlocking(until: isEnough) }
    }

    private func readBlocking(until isEnough: (String) -> Bool) -> String? {
        var chunk = Data()
        while true {
            let data = output.availableData
            guard !data.isEmpty else {
                printed.append(chunk)
                return nil
            }
            chunk.append(data)
            // Decoded whole each time, since a read may end inside a multi-byte character.
            let text = String(decoding: chunk, as: UTF8.self)
            if isEnough(text) {
                printed.append(chunk)
                return text
            }
        }
    }

    func type(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        input.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    func endInput() {
        try? input.close()
    }

    /// Sends `signal` to the program, as Ctrl-C (SIGINT) at a terminal would.
    func signal(_ signal: Int32) {
        process.signal(signal)
    }

    /// Reads the rest of the output and waits for the program to exit.
    func finish() async -> OXOProcess.Finished {
        await onOwnThread {
            self.printed.append(self.output.readDataToEndOfFile())
            let errorText = String(decoding: self.errors.readDataToEndOfFile(), as: UTF8.self)
            let status = self.process.wait()
            return .init(output: self.transcript, errors: errorText, status: status)
        }
    }
}
