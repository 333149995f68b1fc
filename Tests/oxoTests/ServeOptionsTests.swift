import Testing

@Suite("oxo serve refuses options it cannot honour")
struct ServeOptionsTests {
    @Test(arguments: [
        (["--postgres-connections", "0"], "--postgres-connections must be at least 1."),
        (["--database-wait", "0"], "--database-wait must be above 0 and at most 3600."),
        (["--bcrypt-cost", "3"], "--bcrypt-cost must be from 4 to 31."),
        (["--admin-token", "a"], "--admin-token (or OXO_ADMIN_TOKEN) must be at least 32 characters"),
        (["--released-name-hold=-1"], "--released-name-hold cannot be below 0."),
        (["--tournaments-per-day", "0"], "and --tournaments-per-day must be at least 1."),
        (["--tournament-pairing-interval", "0"], "--tournament-pairing-interval must be above 0."),
        (["--standby-database-url", "postgres://oxo@127.0.0.1/oxo"], "--standby-database-url (or DATABASE_STANDBY_URL) goes with PostgreSQL"),
        (["--smtp-url", "http://mail.example.org"], "--smtp-url must look like smtp://"),
        (["--mail-from", "OXO"], "--mail-from must be an address"),
        (["--public-url", "play.example.org"], "--public-url (or OXO_PUBLIC_URL) must be an http:// or https:// address"),
    ])
    func aBadOptionIsRefusedBeforeTheServerStarts(options: [String], message: String) async throws {
        let run = try await OXOProcess.run(["serve"] + options)
        #expect(run.status == 64, "the usage error's status: \(run)")
        #expect(run.errors.contains(message), "\(run)")
        #expect(!run.output.contains("OXO listening"), "\(run)")
    }
}
