import Foundation
import OXOCore
import SQLKit

extension ChatWrites {
    /// Removes what a player whose account is being deleted said and who they said it to:
    /// every message they sent, in games' rooms and conversations alike, and their
    /// conversations whole (the other side's half of a conversation nobody can answer any
    /// more goes with it), and the reports they made or that name their messages. The
    /// other players' messages in games' rooms stay.
    package func forget(of user: UUID) async throws {
        let rooms = try await sql.select().column("room").from("conversations")
            .where { $0.where("user_a", .equal, user).orWhere("user_b", .equal, user) }
            .all().map { try $0.decode(column: "room", as: String.self) }
        if !rooms.isEmpty {
            try await sql.delete(from: "chat_messages").where("room", .in, rooms).run()
            try await sql.delete(from: "chat_rooms").where("room", .in, rooms).run()
        }
        try await sql.delete(from: "conversations")
            .where { $0.where("user_a", .equal, user).orWhere("user_b", .equal, user) }.run()
        try await sql.delete(from: "chat_messages").where("sender_id", .equal, user).run()
        try await sql.delete(from: "chat_reports")
            .where { $0.where("sender_id", .equal, user).orWhere("reporter_id", .equal, user) }.run()
    }
}
