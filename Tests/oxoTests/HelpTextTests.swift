import Testing

/// What `--help` prints is read by people: numbers as they write them, each default once,
/// every command the in-app hint names.
@Suite("oxo's help says each thing once and as people write it")
struct HelpTextTests {
    @Test func serveWritesSecondsAsWholeNumbersAndTheHashingDefaultOnce() async throws {
        let help = try await OXOProcess.run(["serve", "--help"]).output
        #expect(help.contains("(default: 60)") && help.contains("(default: 1800)"), "\(help)")
        #expect(!help.contains(".0)"), "no seconds as 60.0: \(help)")
        let threads = help.components(separatedBy: "--password-hashing-threads").dropFirst().first ?? ""
        let option = threads.components(separatedBy: "  --").first ?? ""
        #expect(option.contains("(default: half the cores).") && !option.contains("(default: 1)"), "\(option)")
    }

    @Test func onlineNamesPlayRandomOnAClockOrByDays() async throws {
        let help = try await OXOProcess.run(["online", "--help"]).output
        #expect(help.contains("random [3+2|3d]"), "\(help)")
    }
}
