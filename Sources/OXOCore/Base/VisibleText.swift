/// What people see of a text, for the names and messages others are shown. A length in
/// characters alone let `"a"` with 7,000 combining accents (14 KB) pass as a one-character
/// name, and a name of invisible characters alone (a soft hyphen, an invisible operator, a
/// Hangul filler) pass for nothing; so texts are bounded in bytes as well, and must show
/// something.
package enum VisibleText {
    /// Whether some scalar of `text` is drawn as something: one that is not a space, a
    /// control or format character, a combining mark, nor one of the blank fillers.
    package static func showsSomething(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .nonspacingMark, .enclosingMark,
                 .unassigned, .surrogate, .privateUse:
                false
            default:
                !blankFillers.contains(scalar.value)
            }
        }
    }

    /// Letters and symbols that are drawn blank: Hangul fillers, the blank Braille
    /// pattern, the Mongolian vowel separator.
    static let blankFillers: Set<UInt32> = [0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x180E]
}
