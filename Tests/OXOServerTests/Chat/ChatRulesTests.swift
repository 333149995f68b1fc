import Foundation
import OXOProtocol
@testable import OXOCore
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer
import Testing

/// Who may read and write a room, and what text is stored, without a server.
@Suite("Chat rules")
struct ChatRulesTests {
    static let (alice, bob, carol) = (UUID(), UUID(), UUID())
    static let end = Date(timeIntervalSince1970: 1_800_000_000)

    func refusal(_ room: ChatRoom, _ game: ChatRules.Game, _ user: UUID, writing: Bool, at now: Date = end) -> ErrorCode? {
        do {
            try ChatRules.check(room, of: game, user: user, writing: writing, now: now)
            return nil
        } catch {
            return error.code
        }
    }

    @Test func eachRoomIsForThoseItIsForUntilTenMinutesAfterTheEnd() {
        let id = GameID(rawValue: UUID())
        let live = ChatRules.Game(mode: .online, phase: .live, players: [Self.alice, Self.bob], endedAt: nil)
        #expect(refusal(.players(id), live, Self.alice, writing: true) == nil)
        #expect(refusal(.players(id), live, Self.carol, writing: false) == .notAPlayer)
        #expect(refusal(.watchers(id), live, Self.carol, writing: true) == nil)
        let over = ChatRules.Game(mode: .online, phase: .finished, players: [Self.alice, Self.bob], endedAt: Self.end)
        #expect(refusal(.players(id), over, Self.bob, writing: true, at: Self.end.addingTimeInterval(600)) == nil)
        #expect(refusal(.players(id), over, Self.bob, writing: true, at: Self.end.addingTimeInterval(601)) == .chatClosed)
        #expect(refusal(.players(id), over, Self.bob, writing: false, at: Self.end.addingTimeInterval(6000)) == nil)
        for mode in [GameMode.computer, .passAndPlay] {
            let alone = ChatRules.Game(mode: mode, phase: .live, players: [Self.alice], endedAt: nil)
            #expect(refusal(.watchers(id), alone, Self.alice, writing: false) == .chatUnavailable)
        }
    }

    @Test func textIsTrimmedStrippedAndLimited() throws {
        #expect(try ChatRules.text("  hi\tthere\r\n ") == "hi there")
        #expect(try ChatRules.text("a\u{0}b\u{7F}c\u{202E}d") == "abcd")
        #expect(try ChatRules.text("👩‍💻") == "👩‍💻", "the joiner inside an emoji stays")
        #expect(try ChatRules.text(" \u{200B}\n") == nil)
        #expect(try ChatRules.text(nil) == nil)
        #expect(try ChatRules.text(String(repeating: "x", count: 1000))?.count == 1000)
        #expect(throws: APIError.self) { try ChatRules.text(String(repeating: "x", count: 1001)) }
    }
}
