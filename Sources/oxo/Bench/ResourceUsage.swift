import Foundation
#if canImport(Glibc)
import Glibc

// Glibc imports this C enum as a Swift type; Darwin as a plain number.
private let thisProcess = __rusage_who_t(RUSAGE_SELF.rawValue)
#else
private let thisProcess = RUSAGE_SELF
#endif

/// What the kernel says about a process: its resident memory and CPU time, read from
/// /proc.
enum ResourceUsage {
    /// The process's resident set (VmRSS) in bytes; nil when /proc cannot tell (another
    /// machine, or the process is gone).
    static func residentMemory(of pid: Int32) -> Int? {
        statusBytes("VmRSS", of: pid)
    }

    /// The part of the resident set that is the process's own (RssAnon): without the pages
    /// of files it maps, such as the program and SQLite's memory-mapped data file, which
    /// the kernel shares with its file cache and can drop at any time.
    static func privateMemory(of pid: Int32) -> Int? {
        statusBytes("RssAnon", of: pid)
    }

    private static func statusBytes(_ field: String, of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kilobytes * 1024
    }

    /// User plus system CPU seconds the process has used so far.
    static func cpuSeconds(of pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let afterName = stat.range(of: ")", options: .backwards)
        else { return nil }
        // Fields after the command name start at field 3; utime and stime are 14 and 15.
        let fields = stat[afterName.upperBound...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// CPU seconds every process on the machine has used since boot, from /proc/stat.
    static func machineCPUSeconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let line = stat.split(separator: "\n").first, line.hasPrefix("cpu ")
        else { return nil }
        // user nice system idle iowait irq softirq steal: all but idle and iowait are busy.
        let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard ticks.count >= 8 else { return nil }
        let busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7]
        return busy / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// This process's own user plus system CPU seconds.
    static func ownCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(thisProcess, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// How many ephemeral ports one local address can use towards one server address.
    static func ephemeralPortCount() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8) else {
            return 28_232
        }
        let bounds = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return bounds.count == 2 ? bounds[1] - bounds[0] + 1 : 28_232
    }
}
