import Foundation
@testable import OXOCore
import Testing

@Suite("The server's random UUIDs are version 4, distinct, and the only ones it makes")
struct RandomUUIDTests {
    @Test func eachIsAVersionFourUUIDOfTheRFCsVariant() {
        for _ in 0..<1000 {
            let text = UUID.random().uuidString
            let characters = Array(text)
            #expect(characters[14] == "4", "\(text)")
            #expect("89AB".contains(characters[19]), "\(text)")
            #expect(UUID(uuidString: text) != nil)
        }
    }

    @Test func tenThousandAreAllDifferent() {
        #expect(Set((0..<10000).map { _ in UUID.random() }).count == 10000)
    }

    /// Foundation's `UUID()` costs three system calls on Linux; the server's modules make
    /// theirs with `UUID.random()`.
    @Test func noServerModuleMakesOneWithFoundationsInitialiser() throws {
        let sources = TableOwnershipTests.repository.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        var strays: [String] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let path = url.path.replacingOccurrences(of: sources.path + "/", with: "")
            guard path.hasPrefix("OXO"), !path.hasPrefix("OXOProtocol/"), !path.hasPrefix("OXOClient/") else { continue }
            let code = try String(contentsOf: url, encoding: .utf8)
            if code.contains("UUID()") { strays.append(path) }
        }
        #expect(strays.isEmpty, "\(strays)")
    }
}
