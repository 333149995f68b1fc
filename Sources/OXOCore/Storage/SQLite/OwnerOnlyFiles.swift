import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The data file holds password hashes, the VAPID private key and live reset links, so it
/// and everything SQLite keeps beside it are for their owner alone (0600), whatever the
/// umask. SQLite gives its `-wal` and `-shm` files the data file's own mode, so creating
/// that file 0600 first is enough for new files; existing ones are narrowed.
package enum OwnerOnlyFiles {
    package static let mode: mode_t = 0o600
    static let companions = ["", "-wal", "-shm"]

    /// Creates `path` empty and 0600 if it does not exist, and narrows it and its SQLite
    /// companions to 0600 if they are wider. A file this process may not change (another
    /// user's, or one made read-only) is left as it is: opening it says what is wrong.
    package static func prepare(_ path: String) throws {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, mode)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw StorageUnavailable(reason: "the data file \(path) cannot be created (\(String(cString: strerror(errno))))")
        }
        for suffix in companions {
            var status = stat()
            guard stat(path + suffix, &status) == 0, status.st_mode & 0o077 != 0 else { continue }
            _ = chmod(path + suffix, mode)
        }
    }
}
