import OXOCore

/// The mails accounts send, in plain text and in HTML with the same words. Usernames are
/// ASCII letters, digits, '_' and '-', and links are made by the server, but both are
/// escaped in the HTML all the same.
enum AccountMails {
    static func passwordReset(to email: String, username: String, link: String) -> Mail {
        letter(to: email, subject: "Reset your OXO password", link: link, paragraphs: [
            "Hello \(username),",
            "Someone, we hope you, asked to set a new password for your OXO account. Open this link within 30 minutes to choose one:",
            "It works once. Setting a new password signs you out everywhere else.",
            "If you did not ask, ignore this mail: your password stays as it is.",
        ])
    }

    static func emailVerification(to email: String, username: String, link: String) -> Mail {
        letter(to: email, subject: "Confirm your address for OXO", link: link, paragraphs: [
            "Hello \(username),",
            "Please confirm that this is your address for your OXO account by opening this link within two days:",
            "Once it is confirmed, this address can get you back into your account if you forget your password.",
            "If you did not make an OXO account, ignore this mail.",
        ])
    }

    /// To the owner of an address someone registered a new account with: registration answers
    /// alike whether an address has an account, so its owner is the one told.
    static func addressInUse(to email: String, link: String) -> Mail {
        letter(to: email, subject: "Someone registered with your address on OXO", link: link, paragraphs: [
            "Hello,",
            "Someone, perhaps you, registered a new OXO account with this address, which your account already has. If you forgot your password, set a new one here:",
            "The new account does not get your address, and no mail about your account goes to it.",
            "If it was not you, nothing is needed.",
        ])
    }

    /// The first two paragraphs, then the link, then the rest.
    private static func letter(to email: String, subject: String, link: String, paragraphs: [String]) -> Mail {
        let text = (paragraphs.prefix(2) + [link] + paragraphs.dropFirst(2) + ["OXO"]).joined(separator: "\n\n") + "\n"
        let escapedLink = escaped(link)
        let html = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>\(escaped(subject))</title></head>
            <body style="font-family: sans-serif; line-height: 1.5">
            \(paragraphs.prefix(2).map { "<p>\(escaped($0))</p>" }.joined(separator: "\n"))
            <p><a href="\(escapedLink)">\(escapedLink)</a></p>
            \(paragraphs.dropFirst(2).map { "<p>\(escaped($0))</p>" }.joined(separator: "\n"))
            <p>OXO</p>
            </body></html>

            """
        return Mail(recipient: email, subject: subject, text: text, html: html, link: link)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
