import Foundation

/// Recovery codes: 24 base32 characters, 120 random bits, shown in groups of four
/// (`ABCD-EFGH-…`). At 112 bits or more a plain SHA-256 is a fit way to store them (a
/// copy of the database cannot be searched for them), as it is for session tokens.
enum RecoveryCodeText {
    static let count = 10
    private static let length = 24

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let characters = (0..<length).map { _ in Base32.alphabet.randomElement(using: &generator)! }
        return stride(from: 0, to: length, by: 4)
            .map { String(decoding: characters[$0..<$0 + 4], as: UTF8.self) }
            .joined(separator: "-")
    }

    /// What is stored of a code as typed: its hash, after its case, spaces and dashes are
    /// set aside; nil for text that cannot be a code (so it is refused without a look-up).
    static func hash(of typed: String) -> String? {
        guard typed.utf8.count <= 64 else { return nil }
        let bare = typed.uppercased().filter { $0 != "-" && $0 != " " }
        guard bare.utf8.count == length, Base32.decode(bare) != nil else { return nil }
        return SessionTokens.hash(bare)
    }
}
