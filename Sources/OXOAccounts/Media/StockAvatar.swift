import Crypto
import Foundation

/// The picture of a player without a photo, drawn by the server: the initials of their
/// display name on a colour drawn from their username. Everything it shows is in its
/// address, so it is the same every time, needs no database, and its address changes
/// when the name does.
package enum StockAvatar {
    static let path = "/v1/avatars/stock.svg"
    /// Long enough for any display name, which is at most 40 characters.
    static let maxNameLength = 100
    static let maxSeedLength = 64

    static func url(name: String, seed: String) -> String {
        "\(path)?name=\(percentEncoded(name))&seed=\(percentEncoded(seed))"
    }

    /// A square SVG; the page rounds it. The name is in its title (for screen readers and
    /// a browser tab), escaped like the initials, so no name can add markup.
    static func svg(name: String, seed: String) -> String {
        let hue = hue(of: seed)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img">\
            <title>\(escaped(name))</title>\
            <rect width="128" height="128" fill="hsl(\(hue), 55%, 40%)"/>\
            <circle cx="104" cy="24" r="56" fill="hsl(\((hue + 40) % 360), 60%, 52%)" opacity="0.5"/>\
            <text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" \
            font-size="52" font-weight="600" fill="#fff">\(escaped(initials(of: name)))</text></svg>
            """
    }

    /// The first character of the first word and of the last, in upper case: "Ada
    /// Lovelace" is AL, "ada" is A.
    static func initials(of name: String) -> String {
        let words = name.split(whereSeparator: { $0.isWhitespace })
        guard let first = words.first?.first else { return "?" }
        let last = words.count > 1 ? words.last?.first : nil
        return ([first] + (last.map { [$0] } ?? [])).map { $0.uppercased() }.joined()
    }

    /// A hue from 0 to 359, the same for the same seed on every server.
    package static func hue(of seed: String) -> Int {
        let digest = Array(SHA256.hash(data: Data(seed.utf8)))
        return (Int(digest[0]) << 8 | Int(digest[1])) % 360
    }

    package static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            // XML allows no control characters; a display name never has one, an address might.
            case _ where character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }): break
            default: result.append(character)
            }
        }
        return result
    }

    /// Percent-encodes all but RFC 3986's unreserved characters, for a query value. Every
    /// player summary carries an avatar, so this runs for each player of every event;
    /// names that need no escaping, most of them, are returned as they are.
    package static func percentEncoded(_ text: String) -> String {
        if text.utf8.allSatisfy(isUnreserved) { return text }
        var encoded = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += (byte < 0x10 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}

/// The addresses of pictures, which every PlayerSummary and UserView carries.
package enum AvatarURL {
    /// A stored photo's address: its hash is the whole of it.
    package static func photo(_ hash: String) -> String { "/v1/media/\(hash)" }

    /// The player's photo if they have one, else their stock avatar.
    static func of(photo hash: String?, username: String, displayName: String) -> String {
        hash.map(photo) ?? StockAvatar.url(name: displayName, seed: username)
    }
}
