import Foundation

/// The Apicalypse bodies posted to IGDB's `/games`. Expanded fields (`cover.image_id`,
/// `platforms.name`) make IGDB send those references as objects, so one request brings
/// everything a game's page shows.
enum IGDBQuery {
    static let gameFields = [
        "name", "first_release_date", "cover.image_id", "summary", "platforms.name", "genres.name",
        "involved_companies.company.name", "involved_companies.developer",
    ].joined(separator: ",")

    /// IGDB answers at most 500 results a request.
    static let maxLimit = 500

    /// A search for `text`, or nil when nothing is left to search for once control
    /// characters and surrounding spaces are gone.
    static func search(_ text: String, limit: Int) -> String? {
        let cleaned = String(text.unicodeScalars.filter { !$0.properties.generalCategory.isControl })
            .trimmingCharacters(in: .whitespaces)
        guard !cleaned.isEmpty else { return nil }
        return "search \(quoted(cleaned)); fields \(gameFields); limit \(min(max(limit, 1), maxLimit));"
    }

    /// `text` as an Apicalypse string: in double quotes, with backslashes and quotes escaped
    /// so that a user's text can end neither the string nor the query.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

private extension Unicode.GeneralCategory {
    var isControl: Bool { self == .control || self == .lineSeparator || self == .paragraphSeparator }
}
