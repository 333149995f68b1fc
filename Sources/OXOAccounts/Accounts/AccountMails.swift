import OXOCore
import OXOProtocol

/// The mails accounts send, in the recipient's language (`Words`), in plain text and in HTML
/// with the same words. Usernames are ASCII letters, digits, '_' and '-', and links are made
/// by the server, but both are escaped in the HTML all the same.
enum AccountMails {
    static func passwordReset(to email: String, username: String, link: String, in words: Words) -> Mail {
        letter(words.passwordReset, to: email, greeting: words.greeting(username), link: link, words: words)
    }

    static func emailVerification(to email: String, username: String, link: String, in words: Words) -> Mail {
        letter(words.emailVerification, to: email, greeting: words.greeting(username), link: link, words: words)
    }

    /// To the owner of an address someone registered a new account with: registration answers
    /// alike whether an address has an account, so its owner is the one told.
    static func addressInUse(to email: String, link: String, in words: Words) -> Mail {
        letter(words.addressInUse, to: email, greeting: words.greetingWithoutName, link: link, words: words)
    }

    /// The greeting and the paragraph that leads to the link, then the link, then the rest
    /// and the signature.
    private static func letter(_ letter: Words.Letter, to email: String, greeting: String, link: String, words: Words) -> Mail {
        let before = [greeting, letter.beforeLink], after = letter.afterLink + [words.signature]
        let text = (before + [link] + after).joined(separator: "\n\n") + "\n"
        let escapedLink = escaped(link)
        let html = """
            <!DOCTYPE html>
            <html lang="\(words.language.rawValue)"><head><meta charset="utf-8"><title>\(escaped(letter.subject))</title></head>
            <body style="font-family: sans-serif; line-height: 1.5">
            \(before.map { "<p>\(escaped($0))</p>" }.joined(separator: "\n"))
            <p><a href="\(escapedLink)">\(escapedLink)</a></p>
            \(after.map { "<p>\(escaped($0))</p>" }.joined(separator: "\n"))
            </body></html>

            """
        return Mail(recipient: email, subject: letter.subject, text: text, html: html, link: link)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
