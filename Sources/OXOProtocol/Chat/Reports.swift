import Foundation

/// `POST /v1/messages/{id}/report`: why, in the reporter's words (optional).
public struct ReportBody: Codable, Hashable, Sendable {
    public let reason: String?

    public init(reason: String?) {
        self.reason = reason
    }
}

/// A report of a message, with the message's text and photo as they were when reported,
/// so deleting the message keeps the evidence.
public struct MessageReport: Codable, Hashable, Sendable {
    public let id: ReportID
    public let message: ChatMessageID
    public let room: ChatRoom
    public let sender: PlayerSummary
    public let reporter: PlayerSummary
    public let text: String?
    public let photo: String?
    public let reason: String?
    public let createdAt: Date

    public init(id: ReportID, message: ChatMessageID, room: ChatRoom, sender: PlayerSummary, reporter: PlayerSummary,
                text: String?, photo: String?, reason: String?, createdAt: Date) {
        self.id = id
        self.message = message
        self.room = room
        self.sender = sender
        self.reporter = reporter
        self.text = text
        self.photo = photo
        self.reason = reason
        self.createdAt = createdAt
    }
}

/// `GET /v1/admin/reports`: the reports of messages, newest first.
public struct ReportList: Codable, Hashable, Sendable {
    public let reports: [MessageReport]

    public init(reports: [MessageReport]) {
        self.reports = reports
    }
}

/// An account's standing after a moderator suspended or reinstated it.
public struct Suspension: Codable, Hashable, Sendable {
    public let player: PlayerSummary
    public let suspended: Bool

    public init(player: PlayerSummary, suspended: Bool) {
        self.player = player
        self.suspended = suspended
    }
}
