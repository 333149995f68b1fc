import ArgumentParser
import Foundation
import Testing
@testable import oxo

/// docs/OPERATIONS.md says its option table lists every option of `oxo serve`. The options
/// are read from the command's own help (what `oxo serve --help` prints), so an option added
/// to `ServeCommand` without a row in the table, or a row left for an option that is gone,
/// fails here.
@Suite("docs/OPERATIONS.md lists every setting of oxo serve")
struct OperationsSettingsTests {
    @Test func everyOptionOfServeHasARowInTheSettingsTable() throws {
        let documented = try Self.documentedOptions()
        let missing = Self.commandOptions().subtracting(documented).sorted()
        #expect(missing.isEmpty, "options of `oxo serve` with no row in docs/OPERATIONS.md's option table: \(missing)")
    }

    @Test func everyOptionInTheSettingsTableIsAnOptionOfServe() throws {
        let documented = try Self.documentedOptions()
        let unknown = documented.subtracting(Self.commandOptions()).sorted()
        #expect(unknown.isEmpty, "rows of docs/OPERATIONS.md's option table that `oxo serve` does not have: \(unknown)")
    }

    @Test func everyVariableTheHelpNamesHasARowInTheEnvironmentTable() throws {
        let help = ServeCommand.helpMessage(includeHidden: false, columns: 10_000)
        let named = Self.variableNames(in: help)
        #expect(named.contains("OXO_DATA"), "the help names OXO_DATA: \(help)")
        let documented = try Self.documentedVariables()
        let missing = named.subtracting(documented).sorted()
        #expect(missing.isEmpty, "variables `oxo serve --help` names with no row in docs/OPERATIONS.md's environment table: \(missing)")
    }

    /// The help is read as it should be: a parser that found nothing would pass the others.
    @Test func theHelpIsReadForItsOptions() {
        let options = Self.commandOptions()
        for option in ["--host", "--port", "--data", "--released-name-hold", "--test-clock", "--test-clock-start"] {
            #expect(options.contains(option), "\(option) among \(options.sorted())")
        }
        #expect(!options.contains("--help"))
    }

    // MARK: The command's side

    /// Every long option `oxo serve --help` lists, but `--help`. In the help each option's
    /// line begins with its names (`--host <host>`, `-h, --help`), and two spaces or more
    /// part them from its description; descriptions that name other options are left out.
    static func commandOptions() -> Set<String> {
        let help = ServeCommand.helpMessage(includeHidden: false, columns: 10_000)
        var options = Set<String>()
        for line in help.split(separator: "\n") {
            let text = String(line.drop { $0 == " " })
            guard text.hasPrefix("-") else { continue }
            let names = text.range(of: "  ").map { String(text[..<$0.lowerBound]) } ?? text
            options.formUnion(longOptions(in: names))
        }
        options.remove("--help")
        return options
    }

    // MARK: The document's side

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct NoSettingsSection: Error, CustomStringConvertible {
        var description: String { "docs/OPERATIONS.md has no \"## Settings\" section" }
    }

    /// The lines of the "## Settings" section of docs/OPERATIONS.md.
    static func settingsSection() throws -> [String] {
        let text = try String(contentsOf: repository.appendingPathComponent("docs/OPERATIONS.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "## Settings" }) else {
            throw NoSettingsSection()
        }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        return Array(lines[(start + 1)..<end])
    }

    /// The first cell of each row of the section's tables, with `\|` (a bar inside a cell)
    /// kept inside its cell.
    static func firstCells() throws -> [String] {
        try settingsSection().compactMap { line in
            let row = line.trimmingCharacters(in: .whitespaces)
            guard row.hasPrefix("|"), !row.hasPrefix("| ---") else { return nil }
            let cells = row.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|", omittingEmptySubsequences: false)
            return cells.count > 1 ? String(cells[1]) : nil
        }
    }

    /// The options the option table names in its first column.
    static func documentedOptions() throws -> Set<String> {
        try firstCells().reduce(into: Set<String>()) { options, cell in options.formUnion(longOptions(in: cell)) }
    }

    /// The variables the environment table names in its first column.
    static func documentedVariables() throws -> Set<String> {
        try firstCells().reduce(into: Set<String>()) { names, cell in names.formUnion(variableNames(in: cell)) }
    }

    // MARK: Reading names

    /// Every `--name` in `text` (lower-case letters, digits and dashes after the two dashes).
    static func longOptions(in text: String) -> Set<String> {
        var found = Set<String>()
        var rest = Substring(text)
        while let dashes = rest.range(of: "--") {
            let after = rest[dashes.upperBound...]
            let name = after.prefix { ($0.isLetter && $0.isLowercase) || $0.isNumber || $0 == "-" }
            if let first = name.first, first != "-" { found.insert("--" + String(name)) }
            rest = after.dropFirst(name.count)
        }
        return found
    }

    /// Every environment variable's name in `text`: a run of capitals, digits and
    /// underscores that begins with a capital and holds an underscore (`OXO_DATA`,
    /// `DATABASE_URL`).
    static func variableNames(in text: String) -> Set<String> {
        var found = Set<String>()
        var word = ""
        for character in text + " " {
            if (character.isLetter && character.isUppercase && character.isASCII) || (character.isNumber && character.isASCII)
                || character == "_" {
                word.append(character)
                continue
            }
            if word.contains("_"), let first = word.first, first.isLetter { found.insert(word) }
            word = ""
        }
        return found
    }
}
