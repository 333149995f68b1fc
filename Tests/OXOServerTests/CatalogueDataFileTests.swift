import Foundation
import Testing

/// The embedded catalogue as it sits in the source tree: the file a clean clone serves
/// with nothing set, read line by line as the importer will read it.
@Suite("The embedded catalogue file holds well-formed, unique, well-known games")
struct CatalogueDataFileTests {
    /// One line of `catalogue.jsonl`; decoding refuses a line that lacks a key or has
    /// one of the wrong type.
    struct Line: Decodable {
        let slug: String
        let title: String
        let released: String
        let platforms: [String]
        let genres: [String]
        let developer: String
        let description: String
    }

    static let keys: Set<String> = ["slug", "title", "released", "platforms", "genres", "developer", "description"]

    static let fileURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/OXOSocial/Resources/catalogue.jsonl")

    static func fileLines() throws -> [Substring] {
        let text = try String(contentsOf: fileURL, encoding: .utf8)
        #expect(text.hasSuffix("\n"), "the file ends with a newline")
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0 }
    }

    static func games() throws -> [Line] {
        try fileLines().map { try JSONDecoder().decode(Line.self, from: Data($0.utf8)) }
    }

    @Test func everyLineIsOneObjectWithExactlyTheAgreedKeys() throws {
        let lines = try Self.fileLines()
        #expect(lines.count >= 500)
        for (index, line) in lines.enumerated() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object.map { Set($0.keys) } == Self.keys, "line \(index + 1)")
            #expect(throws: Never.self, "line \(index + 1)") { try JSONDecoder().decode(Line.self, from: Data(line.utf8)) }
        }
    }

    @Test func slugsAreUniqueLowercaseAndHyphenated() throws {
        let slugs = try Self.games().map(\.slug)
        #expect(Set(slugs).count == slugs.count, "duplicates: \(Dictionary(grouping: slugs) { $0 }.filter { $0.value.count > 1 }.keys.sorted())")
        for slug in slugs {
            let words = slug.split(separator: "-", omittingEmptySubsequences: false)
            #expect(words.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) } }, "\(slug)")
        }
    }

    @Test func datesAreRealCalendarDays() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for game in try Self.games() {
            let parts = game.released.split(separator: "-").compactMap { Int($0) }
            let shape = String(game.released.map { (character: Character) -> Character in
                character == "-" ? "-" : character.isASCII && character.isNumber ? "9" : "?"
            })
            let valid = shape == "9999-99-99" && parts.count == 3
                && DateComponents(calendar: calendar, year: parts[0], month: parts[1], day: parts[2]).isValidDate
                && (1970...2030).contains(parts[0])
            #expect(valid, "\(game.slug): \(game.released)")
        }
    }

    @Test func everyGameHasATitleAndItsFacts() throws {
        for game in try Self.games() {
            #expect(!game.title.trimmingCharacters(in: .whitespaces).isEmpty, "\(game.slug)")
            #expect(!game.developer.isEmpty && !game.description.isEmpty, "\(game.slug)")
            #expect(!game.platforms.isEmpty && !game.genres.isEmpty, "\(game.slug)")
            #expect(!game.platforms.contains("") && !game.genres.contains(""), "\(game.slug)")
        }
    }

    @Test func theBestKnownGamesAreThere() throws {
        let titles = Set(try Self.games().map(\.title))
        for title in [
            "The Legend of Zelda: Breath of the Wild", "Super Mario Bros.", "Tetris", "Minecraft", "Half-Life 2", "Portal 2",
            "Stardew Valley",
        ] {
            #expect(titles.contains(title), "\(title)")
        }
    }
}
