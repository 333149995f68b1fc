import Foundation

/// A mail as the relay is given it: headers and a multipart/alternative body, plain text
/// first and HTML second (clients show the last part they can), each part in base64 so
/// that no line is too long, none is mistaken for the end of the data, and any character
/// travels through any relay. Lines end in CRLF.
enum MIMEMessage {
    static func render(_ mail: Mail, from: MailFrom, date: Date, id: UUID) -> String {
        let boundary = "oxo-\(id.uuidString.lowercased())"
        let domain = from.address.split(separator: "@").last.map(String.init) ?? "localhost"
        let lines = [
            "From: \(from.header)",
            "To: <\(mail.recipient)>",
            "Subject: \(encodedHeader(mail.subject))",
            "Date: \(dateHeader(date))",
            "Message-ID: <\(id.uuidString.lowercased())@\(domain)>",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
            "",
            "--\(boundary)",
        ] + part(mail.text, type: "text/plain") + ["--\(boundary)"] + part(mail.html, type: "text/html") + ["--\(boundary)--", ""]
        return lines.joined(separator: "\r\n")
    }

    private static func part(_ body: String, type: String) -> [String] {
        ["Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: base64", ""] + base64Lines(body)
    }

    /// Base64 in lines of 76 characters, as MIME asks.
    private static func base64Lines(_ text: String) -> [String] {
        let encoded = Data(text.utf8).base64EncodedString()
        return stride(from: 0, to: encoded.count, by: 76).map { start in
            let from = encoded.index(encoded.startIndex, offsetBy: start)
            return String(encoded[from..<(encoded.index(from, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex)])
        }
    }

    /// A header value as it is when it is plain ASCII, else RFC 2047's encoded words: each
    /// at most 39 bytes of whole characters (64 characters encoded, within RFC 2047's 75),
    /// on lines of their own, folded, so that "Subject: " and the first stays within 76.
    static func encodedHeader(_ value: String) -> String {
        guard value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value > 0x7E }) else { return value }
        var words: [String] = [], chunk = ""
        for character in value {
            if !chunk.isEmpty && chunk.utf8.count + String(character).utf8.count > 39 {
                words.append(chunk)
                chunk = ""
            }
            chunk.append(character)
        }
        words.append(chunk)
        return words.map { "=?UTF-8?B?\(Data($0.utf8).base64EncodedString())?=" }.joined(separator: "\r\n ")
    }

    /// RFC 5322's date, in UTC: `Thu, 26 Nov 2026 09:30:00 +0000`.
    static func dateHeader(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        let weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][(parts.weekday ?? 1) - 1]
        let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][(parts.month ?? 1) - 1]
        return "\(weekday), \(two(parts.day)) \(month) \(parts.year ?? 1970) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) +0000"
    }
}
