import Foundation
@testable import OXOCore
@testable import OXOAccounts
@testable import OXOSocial
@testable import OXOServer
import OXOProtocol
import Testing

/// A catalogue file an operator got from somewhere: each bad line is refused on its own,
/// with its number, and nothing in a line can hide in a title or climb out of a folder.
@Suite("Catalogue files with bad lines")
struct CatalogueFileRobustnessTests {
    @Test func aLineThatIsNotUTF8IsRefusedAndTheRestAreRead() {
        var data = Data(#"{"slug":"pong","title":"Pong"}"#.utf8) + Data("\n".utf8)
        data += Data(#"{"slug":"bad","title":"Caf"#.utf8) + Data([0xE9]) + Data(#""}"#.utf8) + Data("\r\n".utf8)
        data += Data(#"{"slug":"tetris","title":"Tetris"}"#.utf8)
        let file = CatalogueFile(data: data, format: .jsonLines, source: "import")
        #expect(file.entries.map(\.entry.sourceID) == ["pong", "tetris"])
        #expect(file.refusals == [CatalogueFile.Refusal(line: 2, reason: "not UTF-8")])
    }

    @Test func hiddenCharactersAndSlugsThatLeaveAFolderAreRefused() {
        let lines = [
            #"{"slug":"nul","title":"Tetris\u0000 (cut here)"}"#,
            #"{"slug":"rtl","title":"Tetris \u202Egnp.exe"}"#,
            #"{"slug":"../../../etc/passwd","title":"Passwords"}"#,
            #"{"slug":"dev","title":"Doom","developer":"id\u0007"}"#,
            #"{"slug":"ok","title":"Doom","description":"Two lines:\nand a\ttab."}"#,
        ]
        let file = CatalogueFile(text: lines.joined(separator: "\n"), format: .jsonLines, source: "import")
        #expect(file.entries.map(\.entry.sourceID) == ["ok"])
        #expect(file.refusals.map(\.line) == [1, 2, 3, 4])
        #expect(file.refusals[2].reason.contains("ASCII letters, digits"))
    }

    @Test func aWriteTheDatabaseIsTooLockedToTakeIsUnavailableNotAFault() {
        // SQLITE_BUSY (5) past the busy timeout: another process holding the file's lock.
        let busy = SQLiteDirectError.explained(SQLiteDirectError(status: 5, handle: nil))
        #expect(busy is StorageUnavailable)
        #expect(ErrorResponder.apiError(for: busy).code == .storageUnavailable)
    }
}
