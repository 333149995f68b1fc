import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit

/// Reading the reports of messages, for moderators.
struct ReportQueries {
    let database: any SQLDatabase

    /// The newest `limit` reports, each with the message as it was when reported.
    func newest(limit: Int = 200) async throws -> [MessageReport] {
        let rows = try await database.select()
            .columns(ReportRow.CodingKeys.allCases.map(\.rawValue))
            .from("chat_reports").orderBy("created_at", .descending).orderBy("id", .descending).limit(limit)
            .all(decoding: ReportRow.self)
        let players = try await PlayerNames.summaries(of: rows.flatMap { [$0.senderId, $0.reporterId] }, on: database)
        return rows.compactMap { row in
            guard let sender = players[row.senderId], let reporter = players[row.reporterId] else {
                return nil
            }
            return MessageReport(id: ReportID(rawValue: row.id), message: ChatMessageID(rawValue: row.messageId), room: row.room,
                                 sender: sender, reporter: reporter, text: row.text, photo: row.photo.map(AvatarURL.photo),
                                 reason: row.reason, createdAt: row.createdAt)
        }
    }
}

/// A row of `chat_reports`: the message as it was when reported.
struct ReportRow: Codable, Sendable {
    var id: UUID
    var messageId: UUID
    var room: ChatRoom
    var senderId: UUID
    var reporterId: UUID
    var text: String?
    var photo: String?
    var reason: String?
    var createdAt: Date

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, room, text, photo, reason
        case messageId = "message_id", senderId = "sender_id", reporterId = "reporter_id", createdAt = "created_at"
    }
}

extension Reads {
    var reports: ReportQueries { ReportQueries(database: sql) }
}
