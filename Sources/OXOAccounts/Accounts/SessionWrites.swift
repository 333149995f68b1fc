import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// Sessions' writes, on `change.sessions`: the signed-in devices of Accounts.
package struct SessionWrites: ChangeHandle { package let change: Change }

extension Change { package var sessions: SessionWrites { SessionWrites(change: self) } }

/// The changes to sessions: opened at sign-in, used, and ended, each end told to the
/// session's user so that the sockets opened with it close on every process.
extension SessionWrites {
    func insert(_ session: SessionRow) async throws {
        try await sql.insert(into: "sessions")
            .columns("id", "user_id", "token_hash", "created_at", "last_used_at", "device", "address")
            .values(SQLBind(session.id), SQLBind(session.userID), SQLBind(session.tokenHash), SQLBind(session.createdAt),
                    SQLBind(session.lastUsedAt), SQLBind(session.device), SQLBind(session.address))
            .run()
    }

    func recordUse(of session: UUID) async throws {
        try await sql.update("sessions").set("last_used_at", to: now).where("id", .equal, session).run()
    }

    /// Ends a session (signed out or revoked).
    func delete(_ session: UUID) async throws {
        try await end(sql.delete(from: "sessions").where("id", .equal, session))
    }

    /// Ends every session of the user but `kept` ("sign out everywhere else"); returns how many.
    func delete(of user: UUID, except kept: UUID) async throws -> Int {
        try await end(sql.delete(from: "sessions").where("user_id", .equal, user).where("id", .notEqual, kept))
    }

    /// Ends every session of the user: their tokens stop working and their sockets close.
    package func end(of user: UUID) async throws {
        try await end(sql.delete(from: "sessions").where("user_id", .equal, user))
    }

    /// Ends the sessions unused since `cutoff`; returns how many.
    package func delete(unusedSince cutoff: Date) async throws -> Int {
        try await end(sql.delete(from: "sessions").where("last_used_at", .lessThan, cutoff))
    }

    /// Deletes the sessions and tells each one's user (`session_ended` on their inbox), which
    /// is how the sockets opened with them, on every server process, learn to close.
    @discardableResult
    func end(_ delete: SQLDeleteBuilder) async throws -> Int {
        let ended = try await delete.returning("id", "user_id").all()
        for row in ended {
            let session = OXOProtocol.SessionID(rawValue: try row.decode(column: "id", as: UUID.self))
            let user = UserID(rawValue: try row.decode(column: "user_id", as: UUID.self))
            log(.sessionEnded(session), to: [.user(user)])
        }
        return ended.count
    }
}
