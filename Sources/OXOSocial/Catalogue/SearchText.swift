import Foundation

/// How titles and searches are compared: both are folded to the same words (lower case,
/// accents gone, apostrophes dropped, anything not a letter or digit a space), so the
/// database only ever compares plain words. Pure, and the same on SQLite and PostgreSQL.
enum SearchText {
    /// A search word this long or longer may have one typo; shorter ones ("of", "ii")
    /// would match too much.
    static let typoMinimumLength = 4
    /// A title word this long or longer is kept in the typo table; a four-letter search
    /// word one letter short of it is then found.
    static let typoWordMinimumLength = 3

    /// "Pokémon: Let's Go" → ["pokemon", "lets", "go"].
    static func words(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
        var words: [String] = []
        var word = ""
        for scalar in folded.unicodeScalars {
            if scalar == "'" || scalar == "\u{2019}" { continue }
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// The words of a title as one string, as stored and indexed.
    static func normalised(_ text: String) -> String {
        words(text).joined(separator: " ")
    }

    /// `word` and every spelling of it with one letter left out: two words within one
    /// typo of each other share at least one of these (a deletion index), so the
    /// database finds the candidates by equality, and `withinOneTypo` confirms them.
    static func deletions(of word: String) -> Set<String> {
        let letters = Array(word)
        var result: Set<String> = [word]
        for index in letters.indices {
            var shorter = letters
            shorter.remove(at: index)
            result.insert(String(shorter))
        }
        return result
    }

    /// Whether one letter changed, added, left out, or two neighbours swapped turn `a`
    /// into `b` (or they are equal).
    static func withinOneTypo(_ a: String, _ b: String) -> Bool {
        let a = Array(a), b = Array(b)
        if a == b { return true }
        if a.count == b.count {
            let differences = a.indices.filter { a[$0] != b[$0] }
            if differences.count == 1 { return true }
            if differences.count == 2, differences[1] == differences[0] + 1 {
                return a[differences[0]] == b[differences[1]] && a[differences[1]] == b[differences[0]]
            }
            return false
        }
        let (long, short) = a.count > b.count ? (a, b) : (b, a)
        guard long.count == short.count + 1 else { return false }
        var index = 0
        while index < short.count, long[index] == short[index] { index += 1 }
        return long[(index + 1)...] == short[index...]
    }
}
