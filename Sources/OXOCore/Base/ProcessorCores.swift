import Foundation
import NIOCore

/// The cores this process may run on. SwiftNIO counts the machine's cores and honours a
/// container's CPU quota, but not the process's CPU affinity (`taskset`, a cpuset given to
/// the process alone): a server held to one core of a larger machine still started an
/// event loop for every core, and its loops took turns on the one core, handing the core
/// back and forth at every turn.
package enum ProcessorCores {
    package static let usable: Int = max(1, min(System.coreCount, allowedByAffinity ?? System.coreCount))

    /// Gives SwiftNIO's shared event loop group one loop for each usable core, unless
    /// `NIO_SINGLETON_GROUP_LOOP_COUNT` names a count. It must run before anything uses
    /// the group, and once: SwiftNIO stops a process that sets the count twice.
    package static func sizeSharedEventLoops() {
        _ = sharedEventLoopsSized
    }

    private static let sharedEventLoopsSized: Void = {
        guard ProcessInfo.processInfo.environment["NIO_SINGLETON_GROUP_LOOP_COUNT"] == nil else { return }
        NIOSingletons.groupLoopCountSuggestion = usable
    }()

    /// How many loops SwiftNIO's shared group has, or will have.
    package static var sharedEventLoops: Int { NIOSingletons.groupLoopCountSuggestion }

    /// How many cores `Cpus_allowed` in `/proc/self/status` names (a hexadecimal mask,
    /// its words separated by commas); nil where there is no such file.
    static var allowedByAffinity: Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        return allowed(inStatus: status)
    }

    static func allowed(inStatus status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) else { return nil }
        let mask = line.dropFirst("Cpus_allowed:".count).filter { $0 != "," && !$0.isWhitespace }
        var count = 0
        for digit in mask {
            guard let value = digit.hexDigitValue else { return nil }
            count += value.nonzeroBitCount
        }
        return count > 0 ? count : nil
    }
}
