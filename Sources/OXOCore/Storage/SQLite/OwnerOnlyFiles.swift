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
    /// companions to 0600 if they do.
    package static func prepare(_ path: String) throws {
        let descriptor = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw StorageUnavailable(reason: "the data file \(path) cannot be created (\(String(cString: strerror(errno))))")
        }
        close(descriptor)
        for suffix in companions where FileManager.default.fileExists(atPath: path + suffix) {
            guard chmod(path + suffix, mode) == 0 else {
                throw StorageUnavailable(reason: "\(path + suffix) cannot be made readable by its owner only "
                                         + "(\(String(cString: strerror(errno))))")
            }
        }
    }
}
