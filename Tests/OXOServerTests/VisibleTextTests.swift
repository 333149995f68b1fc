@testable import OXOAccounts
@testable import OXOSocial
@testable import OXOServer
import OXOProtocol
import Testing

/// Names and messages are bounded in bytes as well as characters, and must show something.
@Suite("Names and messages that show something, in bounded bytes")
struct VisibleTextTests {
    /// What an attacker sent, and the invisible characters that passed for a name.
    static let stackedAccents = "a" + String(repeating: "\u{0301}", count: 7000)
    static let invisibles = ["\u{00AD}", "\u{2062}\u{2063}\u{2064}", "\u{180E}", "\u{200D}", "\u{3164}", "\u{2800}",
                             "\u{E0041}\u{E0042}", "\u{0301}", "\u{00AD} \u{2063}"]

    static func refusal<T>(_ body: () throws(APIError) -> T) -> ErrorCode? {
        do {
            _ = try body()
            return nil
        } catch {
            return error.code
        }
    }

    @Test func aLetterWithThousandsOfAccentsIsOneCharacterButTooManyBytes() {
        #expect(Self.stackedAccents.count == 1)
        #expect(Self.refusal { () throws(APIError) in try AccountRules.displayName(Self.stackedAccents) } == .invalidDisplayName)
        #expect(Self.refusal { () throws(APIError) in try ChatRules.text(Self.stackedAccents) } == .messageTooLong)
    }

    @Test func invisibleOnlyNamesAreRefusedAndMessagesAreEmpty() throws {
        for invisible in Self.invisibles {
            #expect(throws: APIError.self, "\(invisible.unicodeScalars.map(\.value))") { try AccountRules.displayName(invisible) }
            #expect(try ChatRules.text(invisible) == nil, "\(invisible.unicodeScalars.map(\.value))")
        }
    }

    @Test func realNamesAndMessagesStillPass() throws {
        for name in ["Zoë", "李小龙", "🎲 Dice", "Renée", "한국어", "ǅ", String(repeating: "é", count: 40)] {
            #expect(try AccountRules.displayName(name) == name)
        }
        #expect(try ChatRules.text("gg 👍🏽") == "gg 👍🏽")
        #expect(try ChatRules.text(String(repeating: "😀", count: ChatRules.maxLength)) != nil, "4 bytes each, 4,000 in all")
    }
}
