import Foundation

/// A mail to one person, in plain text and in HTML (the same words), about one link.
package struct Mail: Sendable, Equatable {
    package let recipient: String
    package let subject: String
    package let text: String
    package let html: String
    /// The link the mail is about; the server logs it when it has no relay to send through.
    package let link: String

    package init(recipient: String, subject: String, text: String, html: String, link: String) {
        self.recipient = recipient
        self.subject = subject
        self.text = text
        self.html = html
        self.link = link
    }
}
