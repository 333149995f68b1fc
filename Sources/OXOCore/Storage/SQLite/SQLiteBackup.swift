import Foundation
import VaporCSQLite
#if canImport(Glibc)
import Glibc
#endif

/// Copies a SQLite data file while the server writes it, and puts a copy back while no
/// server has it open, through SQLite's online backup API (the C API of the SQLite that
/// SQLiteNIO builds in). `oxo admin backup` and `oxo admin restore` are its users.
package enum SQLiteBackup {
    /// Why a backup or a restore was refused, in words for the operator.
    package struct Refusal: Error, CustomStringConvertible {
        package let description: String
    }

    /// Copies the database at `source` to the new file `destination`, calling `progress`
    /// with the pages copied and the pages in all. The copy is of one moment: a read
    /// transaction is held on the source from the start, so the copy holds exactly what
    /// had committed when it began (every acknowledged move), and the server's writes
    /// meanwhile go on (WAL lets a reader and the writer work side by side) without making
    /// the copy start over. It is written beside `destination`, checked, and renamed.
    package static func copy(_ source: String, to destination: String, progress: (_ done: Int, _ total: Int) -> Void) throws {
        guard FileManager.default.fileExists(atPath: source) else { throw Refusal(description: "there is no data file at \(source)") }
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw Refusal(description: "\(destination) exists already; name a new file")
        }
        let partial = destination + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        do {
            let from = try Handle(source, flags: SQLITE_OPEN_READWRITE)
            try from.execute("PRAGMA busy_timeout = 5000")
            try from.execute("BEGIN")
            _ = try from.text("SELECT COUNT(*) FROM sqlite_schema")  // the snapshot starts at this read
            try OwnerOnlyFiles.prepare(partial)
            let to = try Handle(partial, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            guard let backup = sqlite_nio_sqlite3_backup_init(to.pointer, "main", from.pointer, "main") else {
                throw to.error(sqlite_nio_sqlite3_errcode(to.pointer))
            }
            var status = SQLITE_OK
            repeat {
                status = sqlite_nio_sqlite3_backup_step(backup, 256)
                let total = Int(sqlite_nio_sqlite3_backup_pagecount(backup))
                progress(total - Int(sqlite_nio_sqlite3_backup_remaining(backup)), total)
                if status == SQLITE_BUSY || status == SQLITE_LOCKED { usleep(10_000) }
            } while status == SQLITE_OK || status == SQLITE_BUSY || status == SQLITE_LOCKED
            sqlite_nio_sqlite3_backup_finish(backup)
            guard status == SQLITE_DONE else { throw to.error(status) }
            try from.execute("COMMIT")
            try check(to, named: destination)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
        try FileManager.default.moveItem(atPath: partial, toPath: destination)
    }

    /// Puts the backup `file` in place of the data file `data`, once `PRAGMA
    /// integrity_check` passed on it and no process has `data` open. The file it replaces
    /// (with its write-ahead log, if any) is kept beside it, named in the answer.
    package static func restore(_ file: String, into data: String) throws -> String? {
        guard FileManager.default.fileExists(atPath: file) else { throw Refusal(description: "there is no file at \(file)") }
        try check(try Handle(file, flags: SQLITE_OPEN_READONLY), named: file)
        guard !isOpen(data) else {
            throw Refusal(description: "\(data) is in use (a server has it open): stop the server first")
        }
        let incoming = data + ".restoring"
        try? FileManager.default.removeItem(atPath: incoming)
        try FileManager.default.copyItem(atPath: file, toPath: incoming)
        var kept: String?
        if FileManager.default.fileExists(atPath: data) {
            let aside = data + ".before-restore-\(Int(Date().timeIntervalSince1970))"
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: data + suffix) {
                try FileManager.default.moveItem(atPath: data + suffix, toPath: aside + suffix)
            }
            kept = aside
        }
        try? FileManager.default.removeItem(atPath: data + "-shm")
        try FileManager.default.moveItem(atPath: incoming, toPath: data)
        try OwnerOnlyFiles.prepare(data)
        return kept
    }

    /// Refuses a file that fails `PRAGMA integrity_check` or is not an OXO database.
    private static func check(_ handle: Handle, named name: String) throws {
        let verdict = try handle.text("PRAGMA integrity_check")
        guard verdict == "ok" else { throw Refusal(description: "\(name) fails SQLite's integrity check: \(verdict ?? "no answer")") }
        guard try handle.text("SELECT name FROM sqlite_schema WHERE name = '_fluent_migrations'") != nil else {
            throw Refusal(description: "\(name) is a SQLite file but not an OXO database")
        }
    }

    /// Whether some process has the database at `path` open. Each connection to a database
    /// in WAL mode holds a shared lock on one byte of its `-shm` file (SQLite's "dead man
    /// switch", byte 128) for as long as it is open; a write lock on that byte is granted
    /// only when no connection holds it.
    static func isOpen(_ path: String) -> Bool {
        let descriptor = open(path + "-shm", O_RDWR)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = 128
        lock.l_len = 1
        guard fcntl(descriptor, F_SETLK, &lock) == 0 else { return true }
        lock.l_type = Int16(F_UNLCK)
        _ = fcntl(descriptor, F_SETLK, &lock)
        return false
    }

    /// One connection of SQLite's C API, closed when released.
    private final class Handle {
        let pointer: OpaquePointer

        init(_ path: String, flags: Int32) throws {
            var handle: OpaquePointer?
            let status = sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil)
            guard status == SQLITE_OK, let handle else {
                sqlite_nio_sqlite3_close(handle)
                throw Refusal(description: "SQLite cannot open \(path) (error \(status))")
            }
            pointer = handle
        }

        deinit { sqlite_nio_sqlite3_close_v2(pointer) }

        func execute(_ sql: String) throws {
            let status = sqlite_nio_sqlite3_exec(pointer, sql, nil, nil, nil)
            guard status == SQLITE_OK else { throw error(status) }
        }

        /// The first column of the first row as text; nil when there is no row.
        func text(_ sql: String) throws -> String? {
            var statement: OpaquePointer?
            let status = sqlite_nio_sqlite3_prepare_v2(pointer, sql, -1, &statement, nil)
            guard status == SQLITE_OK else { throw error(status) }
            defer { sqlite_nio_sqlite3_finalize(statement) }
            switch sqlite_nio_sqlite3_step(statement) {
            case SQLITE_ROW: return sqlite_nio_sqlite3_column_text(statement, 0).map { String(cString: $0) }
            case SQLITE_DONE: return nil
            case let failure: throw error(failure)
            }
        }

        func error(_ status: Int32) -> Refusal {
            Refusal(description: "SQLite error \(status): \(String(cString: sqlite_nio_sqlite3_errmsg(pointer)))")
        }
    }
}
