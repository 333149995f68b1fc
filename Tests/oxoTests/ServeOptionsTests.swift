import Testing

@Suite("oxo serve refuses options it cannot honour")
struct ServeOptionsTests {
    @Test(arguments: [
        (["--postgres-connections", "0"], "--postgres-connections must be at least 1."),
        (["--bcrypt-cost", "3"], "--bcrypt-cost must be from 4 to 31."),
        (["--admin-token", "a"], "--admin-token (or OXO_ADMIN_TOKEN) must be at least 32 characters"),
        (["--smtp-url", "http://mail.example.org"], "--smtp-url must look like smtp://"),
        (["--mail-from", "OXO"], "--mail-from must be an address"),
        (["--public-url", "play.example.org"], "--public-url (or OXO_PUBLIC_URL) must be an http:// or https:// address"),
    ])
    func aBadOptionIsRefusedBeforeTheServerStarts(options: [String], message: String) throws {
        let run = try OXOProcess.run(["serve"] + options)
        #expect(run.status == 64, "the usage error's status")
        #expect(run.errors.contains(message))
        #expect(!run.output.contains("OXO listening"))
    }
}
