import Foundation
import OXOAccounts

/// A game's cover: IGDB's image when the game has one, else a picture the server draws
/// from the title alone (colours from the title's hash, the title in large type), like a
/// player's stock avatar: the same every time, with no database and nothing to store.
enum CatalogueCover {
    static let path = "/v1/catalogue/cover.svg"
    static let maxTitleLength = CatalogueRules.maxTitleLength

    static func url(title: String, imageID: String?) -> String {
        if let imageID, CatalogueRules.isImageID(imageID) {
            return "https://images.igdb.com/igdb/image/upload/t_cover_big/\(imageID).jpg"
        }
        return "\(path)?title=\(StockAvatar.percentEncoded(title))"
    }

    /// A 3:4 picture (IGDB's cover shape): two bands of colour and the title broken into
    /// lines of about 14 characters, at most five, every piece of text escaped.
    static func svg(title: String) -> String {
        let hue = StockAvatar.hue(of: title)
        let lines = self.lines(of: title, width: 14, count: 5)
        let top = 200 - lines.count * 17
        let text = lines.enumerated().map { index, line in
            "<tspan x=\"150\" y=\"\(top + index * 34)\">\(StockAvatar.escaped(line))</tspan>"
        }.joined()
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400" role="img">\
            <title>\(StockAvatar.escaped(title))</title>\
            <rect width="300" height="400" fill="hsl(\(hue), 50%, 28%)"/>\
            <path d="M0 290 L300 230 L300 400 L0 400 Z" fill="hsl(\((hue + 150) % 360), 55%, 45%)" opacity="0.8"/>\
            <circle cx="250" cy="60" r="90" fill="hsl(\((hue + 40) % 360), 60%, 50%)" opacity="0.45"/>\
            <text text-anchor="middle" dominant-baseline="middle" font-family="system-ui, sans-serif" font-size="28" \
            font-weight="700" fill="#fff">\(text)</text></svg>
            """
    }

    /// The title's words gathered into lines of at most `width` characters (a longer word
    /// has a line of its own, cut), the last line ending in "…" when some did not fit.
    static func lines(of title: String, width: Int, count: Int) -> [String] {
        var lines: [String] = []
        for word in title.split(whereSeparator: \.isWhitespace).map(String.init) {
            let word = word.count > width ? String(word.prefix(width - 1)) + "…" : word
            if let last = lines.last, last.count + 1 + word.count <= width {
                lines[lines.count - 1] = last + " " + word
            } else {
                lines.append(word)
            }
        }
        guard lines.count > count else { return lines }
        var kept = Array(lines.prefix(count))
        kept[count - 1] = String(kept[count - 1].prefix(width - 1)) + "…"
        return kept
    }
}
