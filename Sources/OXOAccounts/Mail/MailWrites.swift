import Foundation
import OXOCore
import SQLKit

/// Mail's writes, on `change.mail`: the outbox.
package struct MailWrites: ChangeHandle { package let change: Change }

extension Change { package var mail: MailWrites { MailWrites(change: self) } }

/// The outbox's changes: queue a mail, claim those due, and settle each claimed one
/// (sent, or due again later). Every sender, in every process, claims through
/// `claimDueMail`, so a mail is handed to the relay by one of them at a time.
extension MailWrites {
    /// Queues `mail`, due at once; it is sent only if this change commits.
    package func queue(_ mail: Mail) async throws {
        try await sql.insert(into: "mail_outbox")
            .columns("id", "recipient", "subject", "text_body", "html_body", "link", "created_at", "attempts",
                     "next_attempt_at")
            .values(SQLBind(UUID.random()), SQLBind(mail.recipient), SQLBind(mail.subject), SQLBind(mail.text),
                    SQLBind(mail.html), SQLBind(mail.link), SQLBind(now), SQLBind(0), SQLBind(now))
            .run()
        let doorbell = context[MailDoorbell.self]
        afterCommit { doorbell.ring() }
    }

    /// Claims up to `limit` mails that are due, for `lease` seconds (`claimDue`), so a mail
    /// is handed to the relay by one sender at a time.
    func claimDue(limit: Int, lease: TimeInterval) async throws -> [QueuedMail] {
        try await outbox.claimDue(returning: QueuedMail.CodingKeys.allCases.map(\.rawValue), limit: limit,
                           lease: lease, as: QueuedMail.self)
    }

    /// Removes a mail the relay took (or that is given up).
    func remove(_ id: UUID) async throws {
        try await sql.delete(from: "mail_outbox").where("id", .equal, id).run()
    }

    /// Withdraws every mail still waiting for `recipient`, whose account is being deleted:
    /// the address is no longer anyone's here, and a link in it would lead nowhere.
    func withdraw(to recipient: String) async throws {
        try await sql.delete(from: "mail_outbox").where("recipient", .equal, recipient).run()
    }

    /// Lets a claimed mail go until `due`, when any sender may try it again.
    func postpone(_ id: UUID, until due: Date) async throws {
        try await outbox.postpone(id, until: due)
    }

    /// Where the mails wait: Storage claims them for one sender at a time.
    private var outbox: Outbox { Outbox(of: change, table: "mail_outbox") }
}

/// A mail as the outbox holds it, claimed for sending.
struct QueuedMail: Decodable, Sendable {
    let id: UUID
    let recipient: String
    let subject: String
    let textBody: String
    let htmlBody: String
    let link: String
    let createdAt: Date
    /// Counting the one this claim is for.
    let attempts: Int

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, recipient, subject, textBody = "text_body", htmlBody = "html_body", link, createdAt = "created_at", attempts
    }

    var mail: Mail { Mail(recipient: recipient, subject: subject, text: textBody, html: htmlBody, link: link) }
}
