import Foundation
import OXOClient
import OXOProtocol
import Testing

/// `oxo admin cancel-tournament`: a moderator cancels anyone's tournament through a running
/// server, and the flags that shape tournaments reach it.
@Suite("oxo admin cancel-tournament")
struct AdminCancelTournamentTests {
    @Test func aModeratorCancelsATournamentOnceAndAPlayerCreatesAsManyAsTheFlagAllows() async throws {
        let token = String(repeating: "c", count: 40)
        let server = try await ServeProcess(options: ["--admin-token", token, "--tournaments-per-day", "1"])
        defer { server.stop() }
        let alice = try await OXOClient.register(username: "alice", email: "alice@example.org",
                                                 password: "password-alice", at: URL(string: server.url)!)
        let request = CreateTournamentRequest(kind: .arena, name: "Lunch arena", timeControl: .clock(minutes: 3, increment: 0),
                                              startsAt: Date().addingTimeInterval(3600), durationMinutes: 30)
        let arena = try await alice.createTournament(request)
        let second = await #expect(throws: APIError.self) { try await alice.createTournament(request) }
        #expect(second?.code == .tournamentLimitReached, "--tournaments-per-day 1")

        let arguments = ["admin", "cancel-tournament", "--url", server.url, "--token", token, "\(arena.id)"]
        let run = try await OXOProcess.run(arguments)
        #expect(run.status == 0, "\(run)")
        #expect(run.output.contains("Cancelled the tournament \"Lunch arena\" of alice."), "\(run)")
        #expect(try await alice.tournament(arena.id).state == .cancelled)

        let again = try await OXOProcess.run(arguments)
        #expect(again.status != 0 && again.errors.contains("(tournament_closed)"), "\(again)")
        let notAnID = try await OXOProcess.run(["admin", "cancel-tournament", "--url", server.url, "--token", token, "lunch"])
        #expect(notAnID.status != 0 && notAnID.errors.contains("is not a tournament id"), "\(notAnID)")
    }
}
