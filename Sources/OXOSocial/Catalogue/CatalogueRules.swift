import Foundation
import OXOAccounts

/// What the catalogue accepts from any source (the embedded file, an imported file, a
/// remote catalogue): a pure check that says why an entry is refused, or nil.
enum CatalogueRules {
    static let maxTitleLength = 200
    static let maxSummaryLength = 4000
    static let maxListLength = 30
    static let maxNameLength = 100
    static let maxSourceIDLength = 100

    static func refusal(of entry: CatalogueEntry) -> String? {
        if entry.sourceID.isEmpty || entry.sourceID.utf8.count > maxSourceIDLength || !entry.sourceID.utf8.allSatisfy(slugBytes.contains) {
            return "the id (slug) must be 1 to \(maxSourceIDLength) ASCII letters, digits, '-' or '_'"
        }
        let names = [entry.title] + entry.platforms + entry.genres + [entry.developer].compactMap { $0 }
        if names.contains(where: { hasHiddenCharacters($0, allowingLineBreaks: false) })
            || entry.summary.map({ hasHiddenCharacters($0, allowingLineBreaks: true) }) == true {
            return "a text holds a control character (such as NUL) or a direction override"
        }
        let title = entry.title.trimmingCharacters(in: .whitespacesAndNewlines)
        if title.isEmpty || title.count > maxTitleLength { return "the title must be 1 to \(maxTitleLength) characters" }
        if SearchText.words(title).isEmpty { return "the title has no letter or digit" }
        if let released = entry.released, !isCalendarDay(released) {
            return "'released' must be a calendar day such as 2017-03-03"
        }
        if entry.platforms.count > maxListLength || entry.genres.count > maxListLength {
            return "at most \(maxListLength) platforms and \(maxListLength) genres"
        }
        if (entry.platforms + entry.genres + [entry.developer].compactMap { $0 }).contains(where: { $0.count > maxNameLength }) {
            return "a platform, genre or developer is longer than \(maxNameLength) characters"
        }
        if let summary = entry.summary, summary.count > maxSummaryLength {
            return "the description is longer than \(maxSummaryLength) characters"
        }
        if let cover = entry.coverImageID, !isImageID(cover) { return "the cover image id must be letters and digits" }
        return nil
    }

    /// What a slug is made of: it names a game in addresses and files, so nothing that
    /// could climb out of a folder (`../../../etc/passwd` was taken).
    static let slugBytes = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_".utf8)

    /// Control characters (a NUL cut a title short where it was shown) and the marks that
    /// reorder text around them; a description may keep its line breaks and tabs.
    static func hasHiddenCharacters(_ text: String, allowingLineBreaks: Bool) -> Bool {
        text.unicodeScalars.contains { scalar in
            if allowingLineBreaks, scalar == "\n" || scalar == "\t" { return false }
            return scalar.properties.generalCategory == .control || AccountRules.deceptiveScalars.contains(scalar)
        }
    }

    /// IGDB's image ids are short words of letters and digits ("co1r7f"); anything else
    /// could not be put in an address safely.
    static func isImageID(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 40 && text.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// "YYYY-MM-DD", a day that exists.
    static func isCalendarDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), day >= 1
        else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    /// The entry as it is stored: title and names trimmed, empty texts gone.
    static func tidied(_ entry: CatalogueEntry) -> CatalogueEntry {
        func tidy(_ text: String?) -> String? {
            guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
            return text
        }
        var entry = entry
        entry.title = tidy(entry.title) ?? ""
        entry.platforms = entry.platforms.compactMap(tidy)
        entry.genres = entry.genres.compactMap(tidy)
        entry.developer = tidy(entry.developer)
        entry.summary = tidy(entry.summary)
        entry.coverImageID = tidy(entry.coverImageID)
        return entry
    }
}
