import Foundation
import OXOCore
import OXOProtocol

/// What makes a username, an e-mail address, a password and a display name acceptable.
package enum AccountRules {
    /// Checked byte by byte: a check on characters after lowercasing would let in look-alikes
    /// such as the Kelvin sign K (U+212A), which lowercases to an ASCII k.
    static let usernameBytes = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-".utf8)

    /// How many of a user's earlier display names are kept.
    static let keptPreviousDisplayNames = 10

    /// Characters that would let a display name pass for another or for nothing: the
    /// bidirectional marks, embeddings, overrides and isolates, which reorder the text
    /// around the name, and fillers and zero-width characters that show as blank.
    package static let deceptiveScalars: Set<Unicode.Scalar> = {
        let ranges: [ClosedRange<UInt32>] = [
            0x202A...0x202E, 0x2066...0x2069, 0x200E...0x200F, 0x061C...0x061C, // direction
            0x200B...0x200D, 0x2060...0x2060, 0xFEFF...0xFEFF, // zero width
            0x3164...0x3164, 0x115F...0x1160, 0xFFA0...0xFFA0, 0x2800...0x2800, // blank fillers
        ]
        return Set(ranges.joined().compactMap { Unicode.Scalar($0) })
    }()

    static func checkUsername(_ username: String) throws(APIError) {
        guard (3...20).contains(username.utf8.count), username.utf8.allSatisfy(usernameBytes.contains) else {
            throw APIError(.invalidUsername, "A username is 3 to 20 ASCII letters, digits, '_' or '-'.")
        }
    }

    static func checkEmail(_ email: String) throws(APIError) {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.utf8.count <= 254, parts.count == 2, !parts[0].isEmpty,
              parts[1].split(separator: ".").count >= 2, !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              !email.contains(where: { $0.isWhitespace || $0.isNewline }),
              !email.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw APIError(.invalidEmail, "That does not look like an e-mail address.")
        }
        // No mail reaches the reserved .invalid domain: guests' made-up addresses are
        // there, and a person's address never is.
        guard !email.lowercased().hasSuffix(".invalid") else {
            throw APIError(.invalidEmail, "Addresses under .invalid reach nobody; use one that can receive mail.")
        }
    }

    /// The domain of a guest's made-up address, which marks the account as a guest's.
    static let guestDomain = "guest.invalid"
    /// Where an account's own address is while the one it asked for is another account's.
    static let pendingDomain = "pending.invalid"

    static func isGuest(email: String) -> Bool { email.hasSuffix("@" + guestDomain) }

    /// The domain of a bot's made-up address; the `bot` column, not the address, marks it.
    static let botDomain = "bot.invalid"

    /// Characters are counted as JSON Schema counts them (Unicode code points). A password
    /// past bcrypt's 72 bytes is hashed whole (`PasswordHashing`), so 128 characters is a
    /// bound on work, not on what counts.
    static func checkPassword(_ password: String) throws(APIError) {
        guard password.unicodeScalars.count >= 8 else {
            throw APIError(.weakPassword, "A password needs at least 8 characters.")
        }
        guard password.unicodeScalars.count <= 128 else {
            throw APIError(.weakPassword, "A password can be at most 128 characters long.")
        }
        // bcrypt stops at a NUL byte: "\0aaaaaaaa" would be the empty password.
        guard !password.utf8.contains(0) else {
            throw APIError(.weakPassword, "A password cannot contain the NUL character.")
        }
    }

    /// A display name's longest, in characters and in UTF-8 bytes: four bytes a character
    /// leave room for any script with its accents and for most emoji.
    static let maxDisplayNameLength = 40
    static let maxDisplayNameBytes = 160

    /// Trims the name and checks it: 1 to 40 characters in at most 160 bytes, no control
    /// characters and none of the deceptive ones, and something that shows.
    static func displayName(_ raw: String) throws(APIError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...maxDisplayNameLength).contains(name.count), name.utf8.count <= maxDisplayNameBytes,
              !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || deceptiveScalars.contains($0) }),
              VisibleText.showsSomething(name)
        else {
            throw APIError(.invalidDisplayName,
                           "A display name is 1 to \(maxDisplayNameLength) characters (at most \(maxDisplayNameBytes) bytes in UTF-8) "
                           + "that show something, without control, direction-changing or invisible characters.")
        }
        return name
    }

    /// Six characters for a guest's made-up name: lower-case letters and digits that are
    /// easy to read back (no 0/o, 1/i/l).
    static func guestTag() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<6).map { _ in guestAlphabet.randomElement(using: &generator)! })
    }

    private static let guestAlphabet = Array("23456789abcdefghjkmnpqrstuvwxyz")
}

/// The address a new account is given (`AccountService.address(_:forNew:)`): `own` is
/// stored as its address; `pending`, when set, is the one it asked for, which another
/// account holds, and `holderLanguage` the language of that account's owner, who is the one
/// told.
struct RegisteredAddress: Sendable {
    let own: String
    let pending: String?
    var holderLanguage: Language? = nil
}
