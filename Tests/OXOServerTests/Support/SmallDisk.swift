import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small tmpfs of its own, to fill up as a real disk fills; mounting needs root.
struct SmallDisk {
    static let canMount = getuid() == 0

    let folder: String

    init(megabytes: Int) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-small-disk-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard mount("tmpfs", folder, "tmpfs", 0, "size=\(megabytes)m") == 0 else {
            throw SystemCallFailed(call: "mount tmpfs on \(folder)")
        }
    }

    /// Writes a file until the disk has no room left; returns its path.
    func fill() throws -> String {
        let path = folder + "/filler"
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let block = Data(count: 64 * 1024)
        var chunk = block
        while true {
            do { try handle.write(contentsOf: chunk) } catch {
                guard chunk.count > 1 else { break }
                chunk = Data(count: chunk.count / 2)
            }
        }
        return path
    }

    func unmount() {
        umount2(folder, Int32(MNT_DETACH))
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// A file this process may not write: by its mode for an ordinary user, by the immutable
/// attribute for root, whom modes do not stop.
struct ReadOnlyFile {
    let path: String

    init(path: String) throws {
        self.path = path
        if getuid() == 0 {
            try Self.setImmutable(path, true)
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        }
    }

    func restore() {
        if getuid() == 0 { try? Self.setImmutable(path, false) }
        try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    }
}

extension ReadOnlyFile {
    /// What `chattr +i` does, by the system call itself: the tests run many at once in
    /// one process, where starting a tool through Foundation's Process has crashed.
    private static func setImmutable(_ path: String, _ on: Bool) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw SystemCallFailed(call: "open \(path)") }
        defer { close(descriptor) }
        // FS_IOC_GETFLAGS and FS_IOC_SETFLAGS from linux/fs.h, and FS_IMMUTABLE_FL.
        let get: UInt = 0x8008_6601, set: UInt = 0x4008_6602, immutable: CLong = 0x10
        var flags: CLong = 0
        guard ioctl(descriptor, get, &flags) == 0 else { throw SystemCallFailed(call: "FS_IOC_GETFLAGS \(path)") }
        flags = on ? flags | immutable : flags & ~immutable
        guard ioctl(descriptor, set, &flags) == 0 else { throw SystemCallFailed(call: "FS_IOC_SETFLAGS \(path)") }
    }
}

struct SystemCallFailed: Error, CustomStringConvertible {
    let call: String
    let code = errno

    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}
