import ArgumentParser
import Foundation
import OXOCore

/// `oxo admin backup` and `oxo admin restore`: a SQLite data file copied while the server
/// runs, and put back while it is stopped. PostgreSQL has its own tools (docs/OPERATIONS.md).
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the SQLite data file, while the server runs, to a new file.",
        discussion: """
            The copy is of the moment it starts: everything committed then, every move a \
            player was told was played, and nothing after. The server goes on meanwhile. \
            The copy passes SQLite's integrity check before it is given its name.

            Example:
              oxo admin backup --data /var/lib/oxo/oxo.sqlite --to /backups/oxo-$(date +%F).sqlite
            """
    )

    @Option(help: "The SQLite data file (default: $OXO_DATA or ./oxo.sqlite).")
    var data: String?

    @Option(help: ArgumentHelp("The new file to write.", valueName: "file"))
    var to: String

    func run() async throws {
        let source = sqliteDataFile(data)
        let bar = ImportProgressBar(counting: "pages")
        try refusing("backup") {
            try SQLiteBackup.copy(source, to: to) { bar.show(done: $0, total: $1) }
        }
        bar.finish()
        print("Backed up \(source) to \(to).")
    }
}

struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Put a backup in place of the SQLite data file; the server must be stopped.",
        discussion: """
            The backup must pass SQLite's integrity check and be an OXO database. A data file \
            that a server (or anything else) has open is refused. The file it replaces is kept \
            beside it, with .before-restore- and the time in its name.

            Example:
              oxo admin restore --data /var/lib/oxo/oxo.sqlite /backups/oxo-2027-01-15.sqlite
            """
    )

    @Option(help: "The SQLite data file to replace (default: $OXO_DATA or ./oxo.sqlite).")
    var data: String?

    @Argument(help: "The backup to put back.")
    var file: String

    func run() async throws {
        let target = sqliteDataFile(data)
        let kept = try refusing("restore") { try SQLiteBackup.restore(file, into: target) }
        print("Restored \(file) to \(target)." + (kept.map { " The file it replaced is kept as \($0)." } ?? ""))
    }
}

/// The SQLite file the server would use: `--data`, else OXO_DATA, else ./oxo.sqlite.
private func sqliteDataFile(_ data: String?) -> String {
    data ?? ProcessInfo.processInfo.environment["OXO_DATA"].flatMap { $0.isEmpty ? nil : $0 } ?? "oxo.sqlite"
}

/// Runs `work`, printing a refusal in words and exiting with failure.
private func refusing<T>(_ command: String, _ work: () throws -> T) throws -> T {
    do {
        return try work()
    } catch let refusal as SQLiteBackup.Refusal {
        FileHandle.standardError.write(Data("oxo admin \(command): \(refusal)\n".utf8))
        throw ExitCode.failure
    }
}
