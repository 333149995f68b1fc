import Foundation

/// A UUID's text, written and read by hand. On Linux, Foundation's `uuidString` formats the
/// sixteen bytes with `snprintf` and `UUID(uuidString:)` reads them with `sscanf`; the
/// server turns ids into text and back several times for every move (each id it writes to
/// JSON or binds to SQLite, each it reads from a row), and those two calls were 3 % of its CPU.
extension UUID {
    /// The text ids have on the wire: `uuidString` in lower case.
    public var lowercasedText: String { text(digits: Self.lowercaseDigits) }

    /// The same text as `uuidString`, upper case.
    public var uppercasedText: String { text(digits: Self.uppercaseDigits) }

    /// Reads what `UUID(uuidString:)` reads: 36 characters, dashes at 8, 13, 18 and 23,
    /// hexadecimal digits of either case everywhere else; nil for anything else.
    public init?(text: String) {
        var text = text
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let read = withUnsafeMutableBytes(of: &uuid) { bytes in
            text.withUTF8 { utf8 -> Bool in
                guard utf8.count == 36 else { return false }
                var index = 0
                for byte in 0..<16 {
                    if Self.isDashPosition(index) {
                        guard utf8[index] == UInt8(ascii: "-") else { return false }
                        index += 1
                    }
                    guard let high = Self.hexValue(utf8[index]), let low = Self.hexValue(utf8[index + 1]) else { return false }
                    bytes[byte] = high << 4 | low
                    index += 2
                }
                return true
            }
        }
        guard read else { return nil }
        self.init(uuid: uuid)
    }

    /// Where the dashes go: before the 5th, 7th, 9th and 11th bytes.
    private static func isDashPosition(_ index: Int) -> Bool {
        index == 8 || index == 13 || index == 18 || index == 23
    }

    private static let lowercaseDigits = Array("0123456789abcdef".utf8)
    private static let uppercaseDigits = Array("0123456789ABCDEF".utf8)

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private func text(digits: [UInt8]) -> String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var position = 0
                for byte in bytes {
                    if Self.isDashPosition(position) {
                        text[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    text[position] = digits[Int(byte >> 4)]
                    text[position + 1] = digits[Int(byte & 0x0F)]
                    position += 2
                }
                return position
            }
        }
    }
}
