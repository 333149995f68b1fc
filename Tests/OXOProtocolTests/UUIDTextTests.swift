import Foundation
import OXOProtocol
import Testing

/// The hand-written UUID text agrees with Foundation's, in both directions.
@Suite("UUID text")
struct UUIDTextTests {
    @Test func writesWhatFoundationWrites() {
        for uuid in (0..<2_000).map({ _ in UUID() }) + [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                                                          UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))] {
            #expect(uuid.uppercasedText == uuid.uuidString)
            #expect(uuid.lowercasedText == uuid.uuidString.lowercased())
            #expect(UUID(text: uuid.uppercasedText) == uuid)
            #expect(UUID(text: uuid.lowercasedText) == uuid)
        }
    }

    @Test(arguments: [
        "", "0", "123e4567-e89b-12d3-a456-42661417400", "123e4567-e89b-12d3-a456-4266141740000",
        "123e4567e-89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456_426614174000", "123e4567-e89b-12d3-a456-42661417400g",
        "123e4567-e89b-12d3-a456-42661417400 ",
        "123e4567-e89b-12d3-a456-4266141740é", "123E4567-e89b-12D3-A456-426614174000", "123e4567-e89b-12d3-a456-426614174000",
    ])
    func readsWhatFoundationReads(text: String) {
        #expect(UUID(text: text) == UUID(uuidString: text))
    }

    /// Foundation's `sscanf` lets a digit pair start with a space or a sign and reads
    /// " 2" as 0x02, so it takes these for other ids; they are not ids.
    @Test(arguments: [" 23e4567-e89b-12d3-a456-426614174000", "+23e4567-e89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-42661417400+"])
    func refusesWhatFoundationMisreads(text: String) {
        #expect(UUID(text: text) == nil)
    }
}
