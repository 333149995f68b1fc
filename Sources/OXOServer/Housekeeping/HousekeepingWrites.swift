import Foundation
import OXOCore
import SQLKit

/// Housekeeping's writes, on `change.housekeeping`: when each job is next due.
struct HousekeepingWrites: ChangeHandle { let change: Change }

extension Change { var housekeeping: HousekeepingWrites { HousekeepingWrites(change: self) } }

extension HousekeepingWrites {
    /// Moves every due job of `jobs` forward by `interval` and returns those it moved: another
    /// process that looks at the same moment finds them no longer due. A job never run
    /// before is due at once.
    func claimDue(_ jobs: [Housekeeper.Job], every interval: TimeInterval) async throws -> [Housekeeper.Job] {
        for job in jobs {
            try await sql.insert(into: "housekeeping_jobs").columns("job", "due_at")
                .values(SQLBind(job.rawValue), SQLBind(now)).ignoringConflicts(with: ["job"]).run()
        }
        return try await sql.raw("""
            UPDATE housekeeping_jobs SET due_at = \(bind: now.addingTimeInterval(interval))
            WHERE due_at <= \(bind: now) AND job IN (\(SQLList(jobs.map { SQLBind($0.rawValue) }))) RETURNING job
            """).all().compactMap { Housekeeper.Job(rawValue: try $0.decode(column: "job", as: String.self)) }
    }
}
