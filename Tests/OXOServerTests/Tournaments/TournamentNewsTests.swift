import Foundation
import OXOClient
import OXOProtocol
@testable import OXOCore
@testable import OXOServer
import Testing

/// What players hear of a tournament away from its page: an invitation in the inbox and on
/// the phone, once; a push to a closed app when a round pairs them; and a moderator who
/// cancels anyone's tournament.
@Suite("Tournament invitations, pushes and a moderator's cancel")
struct TournamentNewsTests {
    static let adminToken = String(repeating: "m", count: ServerConfiguration.minimumAdminTokenLength)

    static func swiss(_ name: String, starting now: Date, private: Bool = false) -> CreateTournamentRequest {
        CreateTournamentRequest(kind: .swiss, name: name, timeControl: .correspondence(days: 3),
                                startsAt: now.addingTimeInterval(60), rounds: 3, private: `private`)
    }

    static func client(_ server: TestServer, _ grant: SessionGrant) -> OXOClient {
        OXOClient(baseURL: URL(string: server.baseURL)!, token: grant.token)
    }

    @Test func anInvitedFriendHearsOfItOnceInTheInboxAndOnThePhone() async throws {
        try await withPushServer { server, standIn in
            let api = try await DocumentedClient.of(server)
            let aliceGrant = try await api.register("alice"), bobGrant = try await api.register("bob")
            let alice = Self.client(server, aliceGrant), bob = Self.client(server, bobGrant)
            _ = try await api.subscribe("bobs-phone", token: bobGrant.token, at: standIn)
            _ = try await alice.befriend(username: "bob")
            _ = try await bob.acceptFriendship(from: aliceGrant.user.id)
            #expect(try await standIn.pushes(1).last?.payload["kind"] == "friend_request")

            let friendsOnly = try await alice.createTournament(Self.swiss("Friends' Swiss", starting: Date(), private: true))
            _ = try await alice.inviteToTournament(friendsOnly.id, players: [bobGrant.user.id])
            _ = try await alice.inviteToTournament(friendsOnly.id, players: [bobGrant.user.id])

            let invitations = try await bob.notifications().notifications.filter { $0.kind == .tournamentInvitation }
            #expect(invitations.count == 1, "invited twice, told once")
            #expect(invitations.first?.tournament == friendsOnly.id && invitations.first?.actor?.username == "alice")
            let pushed = try #require(try await standIn.pushes(2).last)
            #expect(pushed.payload["kind"] == "tournament_invitation" && pushed.payload["title"] == "A tournament")
            #expect(pushed.payload["body"] == "alice invites you to a tournament.")
            #expect(pushed.payload["url"] == "/#/tournament/\(friendsOnly.id)")
            // The invitation is the way in: Bob joins without the code.
            #expect(try await bob.joinTournament(friendsOnly.id).you != nil)
            #expect(standIn.refusals.isEmpty, "\(standIn.refusals)")
        }
    }

    @Test func aRoundThatPairsPlayersWithTheAppClosedReachesBothPhones() async throws {
        let clock = ManualClock()
        try await withPushServer(clock: clock) { server, standIn in
            let api = try await DocumentedClient.of(server)
            let annGrant = try await api.register("ann"), benGrant = try await api.register("ben")
            let ann = Self.client(server, annGrant), ben = Self.client(server, benGrant)
            _ = try await api.subscribe("anns-phone", token: annGrant.token, at: standIn)
            _ = try await api.subscribe("bens-phone", token: benGrant.token, at: standIn)
            let swiss = try await ann.createTournament(Self.swiss("Weeks of Swiss", starting: clock.clock.now))
            _ = try await ann.joinTournament(swiss.id)
            _ = try await ben.joinTournament(swiss.id)
            // Nobody has a socket open: the round starts, and each hears of it on the phone.
            try await TournamentTests.beat(server, clock, by: 61)
            let game = try #require(try await ann.nextTournamentGame(in: swiss.id))
            var told: [String: [String: String]] = [:]
            while told.count < 2 {
                for push in try await standIn.pushes(told.count + 1) where push.payload["kind"] == "tournament_game" {
                    told[push.device] = push.payload
                }
            }
            #expect(told["anns-phone"]?["body"] == "Your game against ben has begun.")
            #expect(told["bens-phone"]?["body"] == "Your game against ann has begun.")
            #expect(Set(told.values.map { $0["url"] }) == ["/#/game/\(game.id)"])
            // Only pushed: the inbox keeps no entry of its own for it.
            #expect(try await ben.notifications().notifications.allSatisfy { $0.kind != .tournamentGame })
        }
    }

    /// The route's refusals are with the other moderators' routes (`ModerationTests`).
    @Test func aModeratorCancelsAPrivateTournamentAndItTakesNoMorePlayers() async throws {
        try await withServer(adjust: { $0.adminToken = Self.adminToken }) { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let hidden = try await alice.createTournament(Self.swiss("Hidden", starting: Date(), private: true))
            let moderator = OXOClient(baseURL: URL(string: server.baseURL)!, token: Self.adminToken)
            let cancelled = try await moderator.moderatorCancelTournament(hidden.id)
            #expect(cancelled.state == .cancelled && cancelled.code == nil, "a private one's code stays its creator's")
            #expect(try await alice.tournament(hidden.id).state == .cancelled)
            let refusal = await #expect(throws: APIError.self) { try await alice.joinTournament(hidden.id) }
            #expect(refusal?.code == .tournamentClosed)
            #expect(try await bob.tournaments(.upcoming).allSatisfy { $0.id != hidden.id })
        }
    }
}
