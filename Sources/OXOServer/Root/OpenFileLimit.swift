#if canImport(Glibc)
import Glibc
// Glibc imports this C enum as a Swift type; Darwin as a plain number.
private let openFiles = Int32(RLIMIT_NOFILE.rawValue)
#else
import Darwin
private let openFiles = RLIMIT_NOFILE
#endif

/// Every socket is an open file, and the usual soft limit (often 1,024) would refuse
/// connections long before the server is busy: `oxo serve` (and `oxo bench`, for its
/// clients and the server it starts) raise their own soft limit to the hard limit the
/// system gives them.
public enum OpenFileLimit {
    /// Raises this process's limit as far as it may and returns the limit now in force;
    /// a process started afterwards inherits it.
    @discardableResult
    public static func raise() -> Int {
        var limit = rlimit()
        guard getrlimit(openFiles, &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(openFiles, &limit)
            _ = getrlimit(openFiles, &limit)
        }
        return Int(clamping: limit.rlim_cur)
    }
}
