import Foundation
import NIOHTTP1
import OXOClient
import OXOProtocol
import Testing

/// Tournaments' operations, right and wrong, each answer checked against the OpenAPI
/// document, and every documented answer seen: who sees a private tournament, who cancels,
/// the daily limit, bots, and every bad input's code.
@Suite("Tournaments as the OpenAPI document says")
struct TournamentDocumentTests {
    static func isTournament(_ operation: OpenAPISpec.Operation) -> Bool {
        operation.path.hasPrefix("/v1/tournaments") || operation.path == "/v1/players/{userID}/tournaments"
    }

    static func date(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    static func arena(_ name: String = "Evening arena", private: Bool = false, bots: Bool = false, minutes: Int = 30,
                      control: String = #"{"kind":"clock","initial_seconds":180,"increment_seconds":0}"#,
                      starts: Date = Date().addingTimeInterval(3600)) -> String {
        #"{"kind":"arena","name":"\#(name)","time_control":\#(control),"starts_at":"\#(date(starts))","duration_minutes":\#(minutes),"private":\#(`private`),"bots_allowed":\#(bots)}"#
    }

    @Test func everyDocumentedAnswerIsSeen() async throws {
        try await withServer(adjust: { $0.tournamentsPerDay = 3 }) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob"), carol = try await api.register("carol")
            let botOwner = try await api.register("robo")
            let url = URL(string: server.baseURL)!
            _ = try await OXOClient(baseURL: url, token: botOwner.token).becomeBot()
            let create = { (body: String, token: String) in try await api.send(.POST, "/v1/tournaments", token: token, body: body) }
            let one = { (method: HTTPMethod, route: String, id: String, token: String, body: String?) in
                try await api.send(method, "/v1/tournaments/{tournamentID}\(route)", ["tournamentID": id], token: token, body: body)
            }

            // Creating, and every bad input.
            let open = try await create(Self.arena(), alice.token)
            #expect(open.status == 201)
            let arena = try open.decode(Tournament.self)
            #expect(arena.code == nil && arena.rules.contains("streak"))
            expectRefused(try await create("{", alice.token), 400, .malformedJSON)
            expectRefused(try await create(Self.arena(minutes: 10), alice.token), 400, .invalidRequest)
            expectRefused(try await create(Self.arena(starts: Date().addingTimeInterval(-60)), alice.token), 400, .invalidRequest)
            expectRefused(try await create(Self.arena(""), alice.token), 400, .invalidRequest)
            expectRefused(try await create(Self.arena(control: #"{"kind":"correspondence","days_per_move":1}"#), alice.token),
                          400, .invalidTimeControl)
            let swiss = { (rounds: Int) in
                #"{"kind":"swiss","name":"Swiss","time_control":{"kind":"correspondence","days_per_move":3},"starts_at":"\#(Self.date(Date().addingTimeInterval(600)))","rounds":\#(rounds)}"#
            }
            expectRefused(try await create(swiss(2), alice.token), 400, .invalidRequest)
            expectRefused(try await create(swiss(12), alice.token), 400, .invalidRequest)
            let guest = try await api.send(.POST, "/v1/guests", body: "{}").decode(SessionGrant.self)
            expectRefused(try await create(Self.arena(), guest.token), 403, .forbidden)
            let privateOne = try await create(Self.arena("Friends only", private: true), alice.token).decode(Tournament.self)
            let code = try #require(privateOne.code)
            #expect(try await create(swiss(3), alice.token).status == 201)
            expectRefused(try await create(Self.arena(), alice.token), 409, .tournamentLimitReached, "three a day here")

            // Listing and reading.
            let list = { (query: String) in try await api.send(.GET, "/v1/tournaments", query: query, token: bob.token) }
            let upcoming = try await list("?state=upcoming").decode(TournamentList.self).tournaments
            #expect(upcoming.map(\.id).contains(arena.id) && !upcoming.map(\.id).contains(privateOne.id), "private ones are not listed")
            #expect(try await list("").status == 200)
            #expect(try await list("?state=running").status == 200)
            #expect(try await list("?state=finished").status == 200)
            expectRefused(try await list("?state=soon"), 400, .invalidRequest)
            #expect(try await one(.GET, "", "\(arena.id)", bob.token, nil).decode(Tournament.self).you?.joined == false)
            expectRefused(try await one(.GET, "", "\(privateOne.id)", bob.token, nil), 404, .tournamentNotFound)
            expectRefused(try await one(.GET, "", "\(UUID())", bob.token, nil), 404, .tournamentNotFound)
            expectRefused(try await one(.GET, "", "nonsense", bob.token, nil), 404, .notFound)
            let withCode = try await api.send(.GET, "/v1/tournaments/{tournamentID}", ["tournamentID": "\(privateOne.id)"],
                                              query: "?code=\(code.lowercased())", token: bob.token)
            #expect(withCode.status == 200)
            let seenWithCode = try withCode.decode(Tournament.self)
            #expect(seenWithCode.code == nil, "only its creator is shown the code")

            // Joining.
            let join = { (id: TournamentID, body: String?, token: String) in try await one(.POST, "/join", "\(id)", token, body) }
            #expect(try await join(arena.id, nil, bob.token).decode(Tournament.self).you?.joined == true)
            #expect(try await join(arena.id, "{}", bob.token).decode(Tournament.self).standings.count == 1, "joining twice changes nothing")
            expectRefused(try await join(arena.id, "{", bob.token), 400, .malformedJSON)
            expectRefused(try await join(arena.id, #"{"code":5}"#, bob.token), 400, .invalidRequest)
            expectRefused(try await join(privateOne.id, nil, bob.token), 404, .tournamentNotFound)
            expectRefused(try await join(privateOne.id, #"{"code":"WRONG"}"#, bob.token), 403, .tournamentCodeRequired)
            #expect(try await join(privateOne.id, #"{"code":"\#(code)"}"#, bob.token).status == 200)
            #expect(try await one(.GET, "", "\(privateOne.id)", bob.token, nil).status == 200, "a player sees it without the code")
            expectRefused(try await join(arena.id, nil, botOwner.token), 403, .botsNotAllowed)
            expectRefused(try await join(TournamentID(rawValue: UUID()), nil, bob.token), 404, .tournamentNotFound)

            // Inviting: the creator, friends only.
            let invite = { (id: TournamentID, body: String, token: String) in try await one(.POST, "/invitations", "\(id)", token, body) }
            let (aliceClient, carolClient) = (OXOClient(baseURL: url, token: alice.token), OXOClient(baseURL: url, token: carol.token))
            _ = try await aliceClient.befriend(username: "carol")
            _ = try await carolClient.acceptFriendship(from: alice.user.id)
            _ = try await OXOClient(baseURL: url, token: bob.token).befriend(username: "carol")
            _ = try await carolClient.acceptFriendship(from: bob.user.id)
            expectRefused(try await one(.GET, "", "\(privateOne.id)", carol.token, nil), 404, .tournamentNotFound)
            #expect(try await invite(privateOne.id, #"{"players":["\#(carol.user.id)"]}"#, alice.token).status == 200)
            #expect(try await one(.GET, "", "\(privateOne.id)", carol.token, nil).status == 200, "an invited friend sees it")
            #expect(try await join(privateOne.id, nil, carol.token).status == 200, "and joins without the code")
            expectRefused(try await invite(privateOne.id, #"{"players":["\#(bob.user.id)"]}"#, alice.token), 400, .invalidRequest)
            expectRefused(try await invite(privateOne.id, #"{"players":[]}"#, alice.token), 400, .invalidRequest)
            expectRefused(try await invite(privateOne.id, "{", alice.token), 400, .malformedJSON)
            expectRefused(try await invite(arena.id, #"{"players":["\#(carol.user.id)"]}"#, bob.token), 403, .notTournamentCreator)
            expectRefused(try await invite(TournamentID(rawValue: UUID()), #"{"players":["\#(carol.user.id)"]}"#, bob.token),
                          404, .tournamentNotFound)

            // Leaving, cancelling.
            #expect(try await one(.POST, "/leave", "\(arena.id)", bob.token, nil).decode(Tournament.self).you?.withdrawn == true)
            expectRefused(try await one(.POST, "/leave", "\(UUID())", bob.token, nil), 404, .tournamentNotFound)
            expectRefused(try await one(.POST, "/cancel", "\(arena.id)", bob.token, nil), 403, .notTournamentCreator)
            expectRefused(try await one(.POST, "/cancel", "\(UUID())", bob.token, nil), 404, .tournamentNotFound)
            #expect(try await one(.POST, "/cancel", "\(arena.id)", alice.token, nil).decode(Tournament.self).state == .cancelled)
            expectRefused(try await one(.POST, "/cancel", "\(arena.id)", alice.token, nil), 409, .tournamentClosed)
            expectRefused(try await join(arena.id, nil, carol.token), 409, .tournamentClosed)
            expectRefused(try await invite(arena.id, #"{"players":["\#(carol.user.id)"]}"#, alice.token), 409, .tournamentClosed)

            // A player's tournaments.
            let played = { (id: String) in try await api.send(.GET, "/v1/players/{userID}/tournaments", ["userID": id], token: bob.token) }
            #expect(try await played("\(bob.user.id)").decode(PlayedTournamentList.self).tournaments.isEmpty, "none finished yet")
            expectRefused(try await played("\(UUID())"), 404, .playerNotFound)
            expectRefused(try await played("nonsense"), 404, .notFound)

            let documented = Set(api.spec.operations.filter(Self.isTournament).flatMap { operation in
                (api.spec.definition(of: operation)?["responses"]?.object ?? [:]).keys.map { "\(operation) \($0)" }
            })
            let seen = Set(api.transcript.map { "\($0.operation) \($0.answer.status)" })
            let unseen = documented.subtracting(seen).filter { !$0.hasSuffix(" 401") }
            #expect(unseen.isEmpty, "documented but never seen: \(unseen.sorted())")
        }
    }
}
