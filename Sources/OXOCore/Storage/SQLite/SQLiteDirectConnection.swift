import FluentKit
import NIOCore
import Foundation
import SQLiteNIO
import VaporCSQLite

/// A connection to the data file through the C API of the SQLite that SQLiteNIO builds
/// in: opened once with its PRAGMAs, its statements prepared on first use and kept, and
/// used by one thread at a time, one statement after another with nothing handed between
/// threads. The writer's (every change, on `WriterThread`) and each reader's
/// (`SQLiteReaders`) are one of these; WAL lets the readers read while the writer writes.
final class SQLiteDirectConnection: @unchecked Sendable {
    private var handle: OpaquePointer?
    /// Prepared statements by their SQL. A server has a hundred or so distinct statements,
    /// and more shapes of those whose length varies (a list of ids); past `statementLimit`
    /// the one used longest ago is finalized to make room, so that the statements run all
    /// the time stay prepared however many rare ones a long-running server meets.
    private var statements: [String: Prepared] = [:]
    static let statementLimit = 256
    /// Counts the statements run, to tell which kept one was used longest ago.
    private var runs = 0
    /// How long, in milliseconds, a statement waits for a lock another connection holds.
    static let busyTimeout = 5000
    /// The frames in the write-ahead log after this connection's last commit, as SQLite
    /// tells it (kept only when the connection leaves checkpoints to another).
    private(set) var logFrames = 0
    private(set) var pageSize = 4096

    /// `checkpoints`: whether this connection's commits move the log into the file when
    /// it grows, as SQLite does by default; the writer leaves that to `Checkpointer`.
    /// `readsOnly`: a reader's, which SQLite refuses to change anything through, and which
    /// never makes the file: one deleted under the server is not made anew, empty.
    init(path: String, durability: ServerConfiguration.Durability, checkpoints: Bool = true, readsOnly: Bool = false) throws {
        let flags = SQLITE_OPEN_READWRITE | (readsOnly ? 0 : SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let status = sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let error = SQLiteDirectError(status: status, handle: handle)
            sqlite_nio_sqlite3_close(handle)
            throw error
        }
        // SQLite quietly opens a file this process may not write read-only, and every
        // write would fail later; the server should rather not start.
        guard sqlite_nio_sqlite3_db_readonly(handle, "main") != 1 else {
            sqlite_nio_sqlite3_close(handle)
            handle = nil
            throw StorageUnavailable(reason: "the data file \(path) is read-only for this process; OXO needs to write it "
                                     + "(check its permissions and its folder's, or choose another file with --data)")
        }
        // The busy timeout covers the moments a reader's checkpoint holds the file; the
        // durability is per connection, so this one connection's setting is the server's.
        // Memory-mapped reads keep the writer's reads of hot pages off the system-call
        // path, from the kernel's file cache, shared and droppable. Its own page cache
        // (8 MiB) then holds little more than the pages it changes: at 64 MiB it had filled
        // with a copy of the data file, 60 MiB more memory at 1,000 games for no more moves.
        // A reader leaves the file's journal mode (WAL, which the file keeps) to the writer,
        // and keeps SQLite's default page cache (2 MiB): a page it reads from the log, which
        // the map does not cover, is copied there, and at 8 MiB each the readers' caches
        // grew by more than a kilobyte for each socket that opened.
        let ownSettings = readsOnly ? ["PRAGMA query_only = ON", "PRAGMA cache_size = -2048"]
            : ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = \(durability.rawValue.uppercased())", "PRAGMA foreign_keys = ON",
               "PRAGMA wal_autocheckpoint = \(checkpoints ? 1000 : 0)", "PRAGMA cache_size = -8192"]
        for pragma in ownSettings + ["PRAGMA busy_timeout = \(Self.busyTimeout)", "PRAGMA mmap_size = 268435456"] {
            try execute(pragma, []) { _ in }
        }
        try execute("PRAGMA page_size", []) { pageSize = (try? $0.decode(column: "page_size", as: Int.self)) ?? pageSize }
        if !checkpoints {
            // SQLite calls this after each commit; it replaces the automatic checkpoint,
            // which is off here anyway.
            sqlite_nio_sqlite3_wal_hook(handle, { context, _, _, frames in
                Unmanaged<SQLiteDirectConnection>.fromOpaque(context!).takeUnretainedValue().logFrames = Int(frames)
                return SQLITE_OK
            }, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    deinit {
        close()
    }

    func close() {
        for prepared in statements.values { prepared.finalize() }
        statements = [:]
        if let handle { sqlite_nio_sqlite3_close_v2(handle) }
        handle = nil
    }

    /// Runs `sql` with `binds`, handing each row to `onRow`.
    func execute(_ sql: String, _ binds: [SQLiteData], onRow: (SQLiteDirectRow) -> Void) throws {
        let prepared = try self.prepared(sql)
        let statement = prepared.statement
        var holdsLargeValue = false
        defer {
            sqlite_nio_sqlite3_reset(statement)
            // SQLite prepares a statement anew after its bindings are cleared whenever its
            // planner weighed a bound value (a join's `column = ?`, a partial index's
            // condition): the token check did so on every run. So the values stay until the
            // next run binds over them, unless one is a copy too large to keep (a photo's).
            if holdsLargeValue { sqlite_nio_sqlite3_clear_bindings(statement) }
        }
        // By index: an enumerated sequence's iterator allocates in a debug build, where the
        // CI counts a move's allocations.
        for index in binds.indices {
            try check(bind(binds[index], at: Int32(index + 1), in: statement))
            holdsLargeValue = holdsLargeValue || binds[index].isLarge
        }
        let columns = prepared.columns
        while true {
            let status = sqlite_nio_sqlite3_step(statement)
            guard status == SQLITE_ROW else {
                guard status == SQLITE_DONE else { throw SQLiteDirectError(status: status, handle: handle) }
                return
            }
            onRow(SQLiteDirectRow(columns: columns, values: (0..<Int32(columns.count)).map { value(at: $0, in: statement) }))
        }
    }

    /// A prepared statement with its column names, read once when it is prepared: the
    /// schema changes only in the migrations, which run before the server starts.
    private final class Prepared {
        let statement: OpaquePointer
        let columns: SQLiteDirectRow.Columns
        var lastRun = 0

        init(statement: OpaquePointer) {
            self.statement = statement
            columns = SQLiteDirectRow.Columns(statement: statement)
        }

        func finalize() {
            sqlite_nio_sqlite3_finalize(statement)
        }
    }

    /// The statement for `sql`, kept for the next time.
    private func prepared(_ sql: String) throws -> Prepared {
        runs += 1
        if let prepared = statements[sql] {
            prepared.lastRun = runs
            return prepared
        }
        if statements.count >= Self.statementLimit, let oldest = statements.min(by: { $0.value.lastRun < $1.value.lastRun }) {
            statements[oldest.key] = nil
            oldest.value.finalize()
        }
        var statement: OpaquePointer?
        try check(sqlite_nio_sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil))
        guard let statement else { throw SQLiteDirectError(status: SQLITE_MISUSE, handle: handle) }
        let prepared = Prepared(statement: statement)
        prepared.lastRun = runs
        statements[sql] = prepared
        return prepared
    }

    /// Copies into the data file the frames of the write-ahead log that no reader still
    /// needs, without waiting for readers or the writer. Returns the frames in the log and
    /// how many of them are now in the file, or nil when another checkpoint held the log.
    func passiveCheckpoint() -> (frames: Int, copied: Int)? {
        var frames: Int32 = 0, copied: Int32 = 0
        let status = sqlite_nio_sqlite3_wal_checkpoint_v2(handle, "main", SQLITE_CHECKPOINT_PASSIVE, &frames, &copied)
        return status == SQLITE_OK ? (Int(frames), Int(copied)) : nil
    }

    /// Whether `sql` is prepared and kept (for the tests).
    func keeps(_ sql: String) -> Bool { statements[sql] != nil }

    /// How many times SQLite has prepared the kept statement `sql` again (for the tests).
    func reprepares(of sql: String) -> Int? {
        statements[sql].map { Int(sqlite_nio_sqlite3_stmt_status($0.statement, SQLITE_STMTSTATUS_REPREPARE, 0)) }
    }

    private func check(_ status: Int32) throws {
        guard status == SQLITE_OK else { throw SQLiteDirectError(status: status, handle: handle) }
    }

    private func bind(_ value: SQLiteData, at index: Int32, in statement: OpaquePointer) -> Int32 {
        switch value {
        case .integer(let number): return sqlite_nio_sqlite3_bind_int64(statement, index, Int64(number))
        case .float(let number): return sqlite_nio_sqlite3_bind_double(statement, index, number)
        case .text(let text):
            // A native string's own UTF-8, which SQLite copies: passing the string itself
            // would first copy it into a C string of its own. An empty one has no address
            // (nil would bind NULL), so it goes the long way.
            let bound = text.utf8.withContiguousStorageIfAvailable { utf8 -> Int32? in
                guard let base = utf8.baseAddress else { return nil }
                return sqlite_nio_sqlite3_bind_text64(statement, index, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self),
                                                      UInt64(utf8.count), transient, UInt8(SQLITE_UTF8))
            } ?? nil
            return bound ?? sqlite_nio_sqlite3_bind_text64(statement, index, text, UInt64(text.utf8.count), transient,
                                                           UInt8(SQLITE_UTF8))
        case .blob(let bytes):
            return bytes.withUnsafeReadableBytes {
                sqlite_nio_sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), transient)
            }
        case .null: return sqlite_nio_sqlite3_bind_null(statement, index)
        }
    }

    private func value(at column: Int32, in statement: OpaquePointer) -> SQLiteData {
        switch sqlite_nio_sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(Int(sqlite_nio_sqlite3_column_int64(statement, column)))
        case SQLITE_FLOAT: return .float(sqlite_nio_sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite_nio_sqlite3_column_text(statement, column) else { return .null }
            return .text(String(cString: text))
        case SQLITE_BLOB:
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            if let bytes = sqlite_nio_sqlite3_column_blob(statement, column) {
                buffer.writeBytes(UnsafeRawBufferPointer(start: bytes, count: count))
            }
            return .blob(buffer)
        default: return .null
        }
    }
}

private extension SQLiteData {
    /// Whether SQLite's copy of this bound value is worth freeing as soon as it has run:
    /// more than 4 KiB of text or bytes.
    var isLarge: Bool {
        let largest = 4096
        switch self {
        case .blob(let bytes): return bytes.readableBytes > largest
        case .text(let text): return text.utf8.count > largest
        case .integer, .float, .null: return false
        }
    }
}

/// SQLite copies what is bound before the call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A failure a direct connection reported, with SQLite's own message.
struct SQLiteDirectError: Error, CustomStringConvertible {
    let status: Int32
    let message: String

    init(status: Int32, handle: OpaquePointer?) {
        self.status = status
        message = handle.flatMap { sqlite_nio_sqlite3_errmsg($0).map { String(cString: $0) } } ?? "SQLite error \(status)"
    }

    var description: String { "SQLite error \(status): \(message)" }
}

extension SQLiteDirectError {
    /// SQLite's codes for trouble with the disk or the file rather than with the change:
    /// full, read-only, unreadable, gone or not a database; or locked by another process
    /// (such as `oxo admin catalogue import` on the server's file) for longer than the busy
    /// timeout, which was answered 500.
    static let storageTrouble: Set<Int32> = [
        SQLITE_FULL, SQLITE_IOERR, SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_BUSY, SQLITE_LOCKED,
    ]

    /// The error a client should hear: `StorageUnavailable` for trouble with the disk,
    /// this one otherwise.
    static func explained(_ error: any Error) -> any Error {
        guard let error = error as? SQLiteDirectError, storageTrouble.contains(error.status & 0xFF) else { return error }
        return StorageUnavailable(reason: error.message)
    }
}

extension SQLiteDirectError: DatabaseError {
    var isSyntaxError: Bool { status == SQLITE_ERROR }
    var isConstraintFailure: Bool { status & 0xFF == SQLITE_CONSTRAINT }
    var isConnectionClosed: Bool { status == SQLITE_MISUSE }
}
