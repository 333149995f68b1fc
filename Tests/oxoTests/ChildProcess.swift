import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with posix_spawn. Foundation's `Process.run()` reads past a
/// buffer while it lists `/proc/self/fd` on Linux and crashes now and then when the
/// process has many files open, as this test process has with the servers of the other
/// suites running beside it (swift-corelibs-foundation pull request 5472).
final class ChildProcess: @unchecked Sendable {
    /// Where one of the child's standard streams goes.
    enum Stream {
        /// A pipe; the parent's end is in `pipes` under the stream's number.
        case pipe
        case file(FileHandle)
        case null
    }

    let pid: pid_t
    /// The parent's ends of the pipes, by the child's descriptor (0, 1, 2).
    let pipes: [Int32: FileHandle]
    private let status = NSLock()
    private var exitStatus: Int32?

    init(_ executable: String, _ arguments: [String], environment: [String: String],
         input: Stream = .null, output: Stream = .null, errors: Stream = .null) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [Int32: FileHandle] = [:]
        var childEnds: [Int32] = []
        for (number, stream) in [(Int32(0), input), (1, output), (2, errors)] {
            switch stream {
            case .pipe:
                var ends: [Int32] = [0, 0]
                // Close-on-exec, so that no other child started meanwhile holds them open.
                guard systemPipe2(&ends, O_CLOEXEC) == 0 else { throw SpawnFailed(reason: "pipe2") }
                let (parent, child) = number == 0 ? (ends[1], ends[0]) : (ends[0], ends[1])
                parentEnds[number] = FileHandle(fileDescriptor: parent, closeOnDealloc: true)
                childEnds.append(child)
                posix_spawn_file_actions_adddup2(&actions, child, number)
            case .file(let handle):
                posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, number)
            case .null:
                posix_spawn_file_actions_addopen(&actions, number, "/dev/null", number == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, nil, argv, envp)
        childEnds.forEach { close($0) }
        guard spawned == 0 else { throw SpawnFailed(reason: "posix_spawn \(executable): \(String(cString: strerror(spawned)))") }
        pid = child
        pipes = parentEnds
    }

    /// Sends `signal` (SIGTERM unless told) to the child.
    func signal(_ signal: Int32 = SIGTERM) {
        if isRunning { kill(pid, signal) }
    }

    var isRunning: Bool { reap(blocking: false) == nil }

    /// Waits for the child to end; its exit code, or the signal that ended it.
    @discardableResult
    func wait() -> Int32 { reap(blocking: true) ?? -1 }

    private func reap(blocking: Bool) -> Int32? {
        status.lock()
        defer { status.unlock() }
        if let exitStatus { return exitStatus }
        var raw: Int32 = 0
        var reaped: pid_t
        repeat { reaped = waitpid(pid, &raw, blocking ? 0 : WNOHANG) } while reaped == -1 && errno == EINTR
        guard reaped == pid else { return nil }
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        exitStatus = raw & 0x7f == 0 ? (raw >> 8) & 0xff : raw & 0x7f
        return exitStatus
    }

    struct SpawnFailed: Error, CustomStringConvertible {
        let reason: String
        var description: String { "could not start a child process: \(reason)" }
    }
}

/// glibc's pipe2(2), which the Glibc module does not bring into Swift: it makes both ends
/// close-on-exec at once, with no moment in which another spawn could inherit them.
@_silgen_name("pipe2")
private func systemPipe2(_ descriptors: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
