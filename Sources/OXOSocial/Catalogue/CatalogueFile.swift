import Foundation

/// A catalogue file read into entries: JSON lines (one object a line: `slug`, `title`,
/// `released`, `platforms`, `genres`, `developer`, `description`, optionally
/// `cover_image_id`) or CSV (a header naming those columns, platforms and genres split
/// by `;`, one record a line). Every line that cannot be an entry is refused with its
/// number and the reason, and the rest are kept.
package struct CatalogueFile {

    package struct Refusal: Sendable, Equatable {
        package let line: Int
        package let reason: String
    }

    package enum Format: Sendable {
        case jsonLines, csv

        /// CSV when the name ends in `.csv`, else JSON lines.
        package init(path: String) {
            self = path.lowercased().hasSuffix(".csv") ? .csv : .jsonLines
        }
    }

    private(set) var entries: [(line: Int, entry: CatalogueEntry)] = []
    package private(set) var refusals: [Refusal] = []

    init(text: String, format: Format, source: String) {
        self.init(data: Data(text.utf8), format: format, source: source)
    }

    /// Each line is read as UTF-8 on its own, so one line that is not (a file pasted
    /// together from several) is refused with its number and the rest are read.
    package init(data: Data, format: Format, source: String) {
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated().map { number, bytes in
            let line = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes[...]
            return (number: number + 1, text: String(bytes: line, encoding: .utf8))
        }
        var header: [String] = []
        if format == .csv, let first = lines.first {
            header = Self.csvFields(first.text ?? "").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            lines.removeFirst()
        }
        var seen: [String: Int] = [:]
        for line in lines where line.text?.trimmingCharacters(in: .whitespaces).isEmpty != true {
            do {
                guard let text = line.text else { throw Refused("not UTF-8") }
                let fields = format == .csv ? try Self.csvRecord(text, header: header) : try Self.jsonRecord(text)
                var entry = CatalogueRules.tidied(try Self.entry(fields, source: source))
                entry.source = source
                if let reason = CatalogueRules.refusal(of: entry) { throw Refused(reason) }
                if let earlier = seen[entry.sourceID] { throw Refused("the slug '\(entry.sourceID)' is on line \(earlier) already") }
                seen[entry.sourceID] = line.number
                entries.append((line.number, entry))
            } catch let refused as Refused {
                refusals.append(Refusal(line: line.number, reason: refused.reason))
            } catch {
                refusals.append(Refusal(line: line.number, reason: "not a record: \(error)"))
            }
        }
    }

    private struct Refused: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// One record's fields: a text, a list of texts, or nothing.
    private enum Field {
        case text(String)
        case list([String])
        case none
    }

    private static func entry(_ fields: [String: Field], source: String) throws -> CatalogueEntry {
        func text(_ key: String) throws -> String? {
            switch fields[key] ?? .none {
            case .text(let value): return value
            case .none: return nil
            case .list: throw Refused("'\(key)' must be a text")
            }
        }
        func list(_ key: String) throws -> [String] {
            switch fields[key] ?? .none {
            case .list(let values): return values
            case .text(let value): return value.split(separator: ";").map(String.init)
            case .none: return []
            }
        }
        guard let slug = try text("slug"), !slug.isEmpty else { throw Refused("'slug' is missing") }
        guard let title = try text("title") else { throw Refused("'title' is missing") }
        return CatalogueEntry(source: source, sourceID: slug, title: title, released: try text("released"),
                              platforms: try list("platforms"), genres: try list("genres"), developer: try text("developer"),
                              summary: try text("description"), coverImageID: try text("cover_image_id"))
    }

    private static func jsonRecord(_ line: String) throws -> [String: Field] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw Refused("not a JSON object")
        }
        var fields: [String: Field] = [:]
        for (key, value) in object {
            switch value {
            case let text as String: fields[key] = .text(text)
            case let list as [Any]:
                guard let texts = list as? [String] else { throw Refused("'\(key)' must be a list of texts") }
                fields[key] = .list(texts)
            case is NSNull: fields[key] = Field.none
            default: throw Refused("'\(key)' must be a text or a list of texts")
            }
        }
        return fields
    }

    private static func csvRecord(_ line: String, header: [String]) throws -> [String: Field] {
        let values = csvFields(line)
        guard values.count == header.count else {
            throw Refused("\(values.count) fields where the header names \(header.count)")
        }
        var fields: [String: Field] = [:]
        for (key, value) in zip(header, values) where !value.isEmpty {
            fields[key] = .text(value)
        }
        return fields
    }

    /// The fields of one CSV line: commas separate, double quotes enclose a field that
    /// holds commas, and two double quotes inside one are a double quote.
    static func csvFields(_ line: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            switch (character, quoted) {
            case ("\"", true):
                if let next = characters.next() {
                    if next == "\"" { field.append("\"") } else {
                        quoted = false
                        if next == "," { fields.append(field); field = "" } else { field.append(next) }
                    }
                } else {
                    quoted = false
                }
            case ("\"", false) where field.isEmpty: quoted = true
            case (",", false): fields.append(field); field = ""
            default: field.append(character)
            }
        }
        fields.append(field)
        return fields
    }
}
