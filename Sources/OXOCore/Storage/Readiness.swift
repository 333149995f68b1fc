import SQLKit

extension Store {
    /// Throws `StorageUnavailable` unless this process can serve: on SQLite the data file is
    /// still the one it opened and its disk has room; the database answers a query in time.
    package func checkReady() async throws {
        try writer.checkStorage()
        let sql = sql
        let timeout = context.configuration.readinessTimeout
        do {
            try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask { _ = try await sql.raw("SELECT 1").all(); return true }
                group.addTask { try await Task.sleep(for: timeout); return false }
                let answered = try await group.next() ?? false
                group.cancelAll()
                if !answered { throw StorageUnavailable(reason: "the database did not answer within \(timeout)") }
            }
        } catch let error as StorageUnavailable {
            throw error
        } catch {
            throw StorageUnavailable(reason: "the database does not answer: \(error)")
        }
    }
}
