/// Six characters that name a game and are easy to read aloud and type: no 0/O, 1/I/L.
enum ShareCode {
    static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<6).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// Whether `text` could be a code (in either case), so a lookup can skip the database
    /// for anything else.
    static func normalized(_ text: String) -> String? {
        let upper = text.uppercased()
        guard upper.count == 6, upper.allSatisfy(alphabet.contains) else { return nil }
        return upper
    }
}
