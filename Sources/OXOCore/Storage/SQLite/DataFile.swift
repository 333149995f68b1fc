import Foundation
import VaporCSQLite

/// The SQLite data file, as the server found it at start. SQLite goes on writing to a file
/// that was deleted or replaced while it was open, and all of that would be gone at the
/// next start; so the writer checks that the path still names the file it opened before
/// each transaction, and refuses to write otherwise. Readiness asks the same, and whether
/// the disk has room left.
struct DataFile: Sendable {
    /// Below this much free space the disk counts as full: SQLite needs room for its log.
    static let minimumFreeSpace: UInt64 = 1 << 20

    let path: String
    private let directory: String
    private let identity: Identity

    init(path: String) throws {
        guard let identity = Identity(path: path) else {
            throw StorageUnavailable(reason: "the data file \(path) does not exist")
        }
        self.path = path
        directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        self.identity = identity
    }

    /// Creates the file if need be (readable by its owner only, as its companions and
    /// backups are), puts it in WAL mode (the writer's connection does), and makes sure
    /// this process can write it, so that a server that cannot store anything does not start.
    static func prepare(path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try OwnerOnlyFiles.prepare(path)
        do {
            let connection = try SQLiteDirectConnection(path: path, durability: .normal)
            defer { connection.close() }
            // Takes the write lock and touches the log, as every change will.
            try connection.execute("BEGIN IMMEDIATE", []) { _ in }
            try connection.execute("ROLLBACK", []) { _ in }
        } catch let error as StorageUnavailable {
            throw error
        } catch {
            throw StorageUnavailable(reason: "the data file \(path) cannot be written (\(error)); "
                                     + "check the file, its folder and the disk, or choose another file with --data")
        }
    }

    /// Throws when the path no longer names the file the server opened.
    func checkStillThere() throws {
        guard Identity(path: path) == identity else {
            throw StorageUnavailable(reason: "the data file \(path) was deleted or replaced while the server ran; "
                                     + "writes are refused so that none is acknowledged and then lost at the next start")
        }
    }

    /// Throws when the disk that holds the file has less than `minimumFreeSpace` left.
    func checkRoomLeft() throws {
        var info = statvfs()
        guard statvfs(directory, &info) == 0 else { return }
        let free = UInt64(info.f_bavail) * UInt64(info.f_frsize)
        if free < Self.minimumFreeSpace {
            throw StorageUnavailable(reason: "the disk that holds \(path) is full (\(free) bytes free)")
        }
    }

    /// Which file a path names: its device and inode.
    private struct Identity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }
}
