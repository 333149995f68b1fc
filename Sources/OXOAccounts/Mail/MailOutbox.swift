import Foundation
import OXOCore
import SQLKit

/// The outbox's changes: queue a mail, claim those due, and settle each claimed one
/// (sent, or due again later). Every sender, in every process, claims through
/// `claimDueMail`, so a mail is handed to the relay by one of them at a time.
extension Change {
    /// Queues `mail`, due at once; it is sent only if this change commits.
    package func queue(_ mail: Mail) async throws {
        try await sql.insert(into: "mail_outbox")
            .columns("id", "recipient", "subject", "text_body", "html_body", "link", "created_at", "attempts",
                     "next_attempt_at")
            .values(SQLBind(UUID()), SQLBind(mail.recipient), SQLBind(mail.subject), SQLBind(mail.text),
                    SQLBind(mail.html), SQLBind(mail.link), SQLBind(now), SQLBind(0), SQLBind(now))
            .run()
        let doorbell = context[MailDoorbell.self]
        afterCommit { doorbell.ring() }
    }

    /// Claims up to `limit` mails that are due and not claimed by a sender still within its
    /// lease, for `lease` seconds, counting an attempt for each. On PostgreSQL rows another
    /// process is claiming are skipped (`FOR UPDATE SKIP LOCKED`), and the update's own
    /// condition is checked again on the row it locked, so two processes never claim one
    /// mail; SQLite has one writer. A sender that dies mid-send leaves its claim to lapse,
    /// and the mail is sent again once the lease is over.
    func claimDueMail(limit: Int, lease: TimeInterval) async throws -> [QueuedMail] {
        let skipLocked: SQLQueryString = sql.isSQLite ? "" : "FOR UPDATE SKIP LOCKED"
        return try await sql.raw("""
            UPDATE mail_outbox SET claimed_until = \(bind: now.addingTimeInterval(lease)), attempts = attempts + 1
            WHERE id IN (
                SELECT id FROM mail_outbox WHERE next_attempt_at <= \(bind: now)
                AND (claimed_until IS NULL OR claimed_until <= \(bind: now))
                ORDER BY next_attempt_at LIMIT \(literal: limit) \(skipLocked))
            AND (claimed_until IS NULL OR claimed_until <= \(bind: now))
            RETURNING id, recipient, subject, text_body, html_body, link, created_at, attempts
            """).all(decoding: QueuedMail.self)
    }

    /// Removes a mail the relay took (or that is given up).
    func removeMail(_ id: UUID) async throws {
        try await sql.delete(from: "mail_outbox").where("id", .equal, id).run()
    }

    /// Withdraws every mail still waiting for `recipient`, whose account is being deleted:
    /// the address is no longer anyone's here, and a link in it would lead nowhere.
    func withdrawMail(to recipient: String) async throws {
        try await sql.delete(from: "mail_outbox").where("recipient", .equal, recipient).run()
    }

    /// Lets a claimed mail go until `due`, when any sender may try it again.
    func postponeMail(_ id: UUID, until due: Date) async throws {
        try await sql.update("mail_outbox").set("next_attempt_at", to: due).set("claimed_until", to: SQLLiteral.null)
            .where("id", .equal, id).run()
    }
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

    enum CodingKeys: String, CodingKey {
        case id, recipient, subject, textBody = "text_body", htmlBody = "html_body", link, createdAt = "created_at", attempts
    }

    var mail: Mail { Mail(recipient: recipient, subject: subject, text: textBody, html: htmlBody, link: link) }
}
