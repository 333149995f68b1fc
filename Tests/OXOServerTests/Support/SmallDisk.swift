import Foundation

/// A small tmpfs of its own, to fill up as a real disk fills; mounting needs root.
struct SmallDisk {
    static let canMount = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")

    let folder: String

    init(megabytes: Int) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("oxo-small-disk-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try run("/bin/mount", "-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", folder)
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
        try? run("/bin/umount", "-l", folder)
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// A file this process may not write: by its mode for an ordinary user, by the immutable
/// attribute for root, whom modes do not stop.
struct ReadOnlyFile {
    static let canMake = getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr")

    let path: String

    init(path: String) throws {
        self.path = path
        if getuid() == 0 {
            try run("/usr/bin/chattr", "+i", path)
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        }
    }

    func restore() {
        if getuid() == 0 { try? run("/usr/bin/chattr", "-i", path) }
        try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    }
}

private func run(_ tool: String, _ arguments: String...) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(tool) \(arguments) failed"])
    }
}
