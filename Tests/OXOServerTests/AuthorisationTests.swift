import Foundation
import NIOHTTP1
import OXOProtocol
import OXOCore
import OXOAccounts
import OXOPlay
import OXOSocial
import OXOServer
import Testing
import Vapor

@Suite("Every route is authorised against the wrong user")
struct AuthorisationTests {
    static let day: TimeInterval = 24 * 3600

    @Test func someoneElsesGameCannotBeMovedInResignedOrHinted() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let bob = try await api.register("bob")
            let carol = try await api.register("carol")

            // Alice's game while it waits for an opponent, and once Bob has joined.
            let open = try await api.createGame(token: alice.token)
            expectRefused(try await api.move(open, cell: 4, token: carol.token), 403, .notAPlayer)
            expectRefused(try await api.resign(open, token: carol.token), 403, .notAPlayer)
            expectRefused(try await api.hint(open, token: carol.token), 403, .notAPlayer)
            var live = try await api.join(open, token: bob.token).decode(GameView.self)
            expectRefused(try await api.move(live, cell: 4, token: carol.token), 403, .notAPlayer)
            expectRefused(try await api.resign(live, token: carol.token), 403, .notAPlayer)
            expectRefused(try await api.hint(live, token: carol.token), 403, .notAPlayer)
            // Bob plays in it, but not on Alice's turn, and gets no hint while playing a person.
            expectRefused(try await api.move(live, cell: 4, token: bob.token), 409, .notYourTurn)
            expectRefused(try await api.hint(live, token: bob.token), 409, .hintUnavailable)
            live = try await api.move(live, cell: 4, token: alice.token).decode(GameView.self)
            expectRefused(try await api.move(live, cell: 0, token: alice.token), 409, .notYourTurn)
            expectRefused(try await api.move(live, cell: 0, token: carol.token), 403, .notAPlayer)

            // Alice's games against the computer and with herself are hers alone.
            let computer = try await api.createGame(#"{"side":"X","mode":"computer","level":"easy"}"#, token: alice.token)
            let passAndPlay = try await api.createGame(#"{"side":"X","mode":"pass_and_play"}"#, token: alice.token)
            for game in [computer, passAndPlay] {
                expectRefused(try await api.move(game, cell: 4, token: bob.token), 403, .notAPlayer, "\(game.mode)")
                expectRefused(try await api.resign(game, token: bob.token), 403, .notAPlayer, "\(game.mode)")
                expectRefused(try await api.hint(game, token: bob.token), 403, .notAPlayer, "\(game.mode)")
            }

            // Nothing the others tried changed anything (read by Alice: unlisted games are
            // their players' alone; her look starts her own away countdown again, which is hers).
            for game in [live, computer, passAndPlay] {
                let now = try await api.send(.GET, "/v1/games/{gameID}", ["gameID": "\(game.id)"], token: alice.token)
                    .decode(GameView.self)
                #expect(now.moves == game.moves && now.board == game.board && now.phase == game.phase && now.turn == game.turn)
                #expect(now.result == game.result && now.x == game.x && now.o == game.o)
            }
            #expect(try await api.move(live, cell: 0, token: bob.token).status == 200)
        }
    }

    @Test func historyReplayAndNotationAreForAnyoneSignedInAndNobodyElse() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let bob = try await api.register("bob")
            let carol = try await api.register("carol")
            let game = try await HistoryTests.play([4, 0, 1, 3, 7], x: alice, o: bob, api: api)
            let reads = [
                ("/v1/users/{userID}/games/finished", ["userID": "\(alice.user.id)"]),
                ("/v1/games/{gameID}/replay", ["gameID": "\(game.id)"]),
                ("/v1/games/{gameID}/notation", ["gameID": "\(game.id)"]),
            ]
            for (path, parameters) in reads {
                // Nobody signed in: refused. The owner, the opponent and another player may
                // read it, as they may read the game itself; each reads the same.
                expectRefused(try await api.send(.GET, path, parameters), 401, .unauthorized, path)
                expectRefused(try await api.send(.GET, path, parameters, token: "not-a-token"), 401, .unauthorized, path)
                var bodies: Set<Data> = []
                for reader in [alice, bob, carol] {
                    let answer = try await api.send(.GET, path, parameters, token: reader.token)
                    #expect(answer.status == 200, "\(path) read by \(reader.user.username)")
                    bodies.insert(answer.body)
                }
                #expect(bodies.count == 1, "\(path) reads the same for everyone")
            }
            // Reading changed nothing: the game is as it ended, and no one may move in it.
            let now = try await api.send(.GET, "/v1/games/{gameID}", ["gameID": "\(game.id)"], token: carol.token)
            #expect(try now.decode(GameView.self) == game)
            expectRefused(try await api.move(game, cell: 8, token: carol.token), 403, .notAPlayer)
        }
    }

    @Test func joiningOnesOwnGameOrAFullOneIsRefused() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let bob = try await api.register("bob")
            let carol = try await api.register("carol")

            let game = try await api.createGame(#"{"side":"O"}"#, token: alice.token)
            expectRefused(try await api.join(game, token: alice.token), 409, .alreadySeated)
            let joined = try await api.join(game, token: bob.token)
            #expect(try joined.decode(GameView.self).x?.player?.id == bob.user.id)
            expectRefused(try await api.join(game, token: carol.token), 409, .seatTaken)
            expectRefused(try await api.join(game, token: bob.token), 409, .alreadySeated)
            expectRefused(try await api.join(game, token: alice.token), 409, .alreadySeated)

            // Games that never wait for an opponent have no seat to take.
            let computer = try await api.createGame(#"{"side":"X","mode":"computer","level":"medium"}"#, token: alice.token)
            let passAndPlay = try await api.createGame(#"{"side":"O","mode":"pass_and_play"}"#, token: alice.token)
            for other in [computer, passAndPlay] {
                expectRefused(try await api.join(other, token: alice.token), 409, .alreadySeated, "\(other.mode)")
                expectRefused(try await api.join(other, token: bob.token), 409, .seatTaken, "\(other.mode)")
            }
            let seats = try await api.send(.GET, "/v1/games/{gameID}", ["gameID": "\(game.id)"], token: carol.token).decode(GameView.self)
            #expect(seats.x?.player?.id == bob.user.id && seats.o?.player?.id == alice.user.id)
        }
    }

    @Test func oneCannotSeeOrRevokeAnotherUsersSession() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let alicePhone = try await api.signIn("alice")
            let bob = try await api.register("bob")

            for session in [alice.session, alicePhone.session] {
                let answer = try await api.send(.DELETE, "/v1/sessions/{sessionID}", ["sessionID": "\(session.id)"], token: bob.token)
                expectRefused(answer, 404, .notFound)
            }
            let bobs = try await api.send(.GET, "/v1/sessions", token: bob.token).decode([SessionView].self)
            #expect(bobs.map(\.id) == [bob.session.id])
            // Bob signing out ends his session only.
            #expect(try await api.send(.DELETE, "/v1/sessions/current", token: bob.token).status == 204)
            for token in [alice.token, alicePhone.token] {
                #expect(try await api.me(token: token).decode(UserView.self).id == alice.user.id)
            }
            let alices = try await api.send(.GET, "/v1/sessions", token: alice.token).decode([SessionView].self)
            #expect(Set(alices.map(\.id)) == [alice.session.id, alicePhone.session.id])
        }
    }

    /// The avatar routes act on the token's own user: there is no way to name another.
    @Test func onlyTheSignedInUserChangesTheirOwnAvatar() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob")
            // Anonymous, or with a made-up token: refused, and nothing is stored.
            expectRefused(try await api.putAvatar(TestImages.png(), token: nil), 401, .unauthorized)
            expectRefused(try await api.putAvatar(TestImages.png(), token: "made-up"), 401, .unauthorized)
            expectRefused(try await api.send(.DELETE, "/v1/me/avatar"), 401, .unauthorized)
            #expect(try await server.count("media") == 0)
            // The owner.
            let photo = try await api.putAvatar(TestImages.png(), token: alice.token).decode(UserView.self).avatar
            #expect(photo.hasPrefix("/v1/media/"))
            // Another player changes and removes only their own.
            let bobs = try await api.putAvatar(TestImages.gif(), token: bob.token).decode(UserView.self)
            #expect(bobs.id == bob.user.id && bobs.avatar != photo)
            _ = try await api.send(.DELETE, "/v1/me/avatar", token: bob.token)
            let aliceSeen = try await api.send(.GET, "/v1/users/{userID}", ["userID": "\(alice.user.id)"], token: bob.token)
            #expect(try aliceSeen.decode(PlayerSummary.self).avatar == photo)
        }
    }

    @Test func tokensAndPasswordHashesNeverAppearInAnyAnswer() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            // A full flow: accounts, sessions, games of every kind, lists and errors.
            let alice = try await api.register("alice")
            let bob = try await api.register("bob")
            let carol = try await api.register("carol")
            let alicePhone = try await api.signIn("alice@example.org", of: "alice")
            let bobPhone = try await api.signIn("BOB", of: "bob")
            for grant in [alice, bob, carol, alicePhone, bobPhone] {
                _ = try await api.me(token: grant.token)
                _ = try await api.send(.GET, "/v1/sessions", token: grant.token)
                for other in [alice, bob, carol] {
                    _ = try await api.send(.GET, "/v1/users/{userID}", ["userID": "\(other.user.id)"], token: grant.token)
                }
            }
            _ = try await api.send(.PATCH, "/v1/me", token: bob.token, body: #"{"display_name":"Bobby"}"#)
            _ = try await api.send(.POST, "/v1/sessions", body: #"{"login":"alice","password":"not-her-password"}"#)
            var game = try await api.createGame(token: alice.token)
            _ = try await api.send(.GET, "/v1/games/{gameID}", ["gameID": game.code], token: carol.token)
            _ = try await api.send(.GET, "/v1/games/open", token: carol.token)
            game = try await api.join(game, token: bob.token).decode(GameView.self)
            _ = try await api.send(.GET, "/v1/games/live", token: carol.token)
            _ = try await api.hint(game, token: alice.token)
            game = try await api.move(game, cell: 4, token: alice.token).decode(GameView.self)
            _ = try await api.move(game, cell: 4, number: 9, token: bob.token)  // stale_state, carrying the game
            _ = try await api.move(game, cell: 0, token: carol.token)
            _ = try await api.resign(game, token: bob.token)
            _ = try await api.createGame(#"{"side":"X","mode":"computer","level":"hard"}"#, token: carol.token)
            _ = try await api.createGame(#"{"side":"X","mode":"pass_and_play"}"#, token: bobPhone.token)
            for grant in [alice, bob, carol] {
                _ = try await api.send(.GET, "/v1/me/games", token: grant.token)
            }
            _ = try await api.send(.DELETE, "/v1/sessions/{sessionID}", ["sessionID": "\(alicePhone.session.id)"], token: alice.token)
            _ = try await api.send(.DELETE, "/v1/sessions/current", token: bobPhone.token)
            _ = try await api.me(token: bobPhone.token)

            let grants = [alice, bob, carol, alicePhone, bobPhone]
            #expect(Set(grants.map(\.token)).count == grants.count)
            let secrets = grants.flatMap { grant in
                [grant.token, SHA256.hash(data: Data(grant.token.utf8)).map { String(format: "%02x", $0) }.joined()]
            }
            let passwords = ["alice", "bob", "carol"].map(DocumentedClient.password(of:))
            let forbidden = ["$2a$", "$2b$", "$2y$", "password_hash", "passwordHash", "token_hash", "tokenHash", "\"password\""]
            let transcript = api.transcript
            #expect(transcript.count > 40)
            for (operation, token, answer) in transcript {
                let body = String(decoding: answer.body, as: UTF8.self)
                let grantsAToken = ["POST /v1/accounts", "POST /v1/sessions"].contains(operation.description) && answer.status == 201
                for secret in secrets where body.contains(secret) {
                    // Only a registration or a sign-in shows a token, and only the new one.
                    let isTheNewToken = grantsAToken && (try? answer.decode(SessionGrant.self).token) == secret
                    #expect(isTheNewToken, "\(operation) (asked with \(token == secret ? "this" : "another") token) answered a secret")
                }
                for text in forbidden + passwords {
                    #expect(!body.contains(text), "\(operation) answered '\(text)': \(body)")
                }
            }
        }
    }

    @Test func aSignedOutOrRevokedTokenIsRefused() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let phone = try await api.signIn("alice")
            let tablet = try await api.signIn("alice")
            let game = try await api.createGame(token: phone.token)

            #expect(try await api.send(.DELETE, "/v1/sessions/current", token: phone.token).status == 204)
            let revoked = try await api.send(.DELETE, "/v1/sessions/{sessionID}", ["sessionID": "\(tablet.session.id)"], token: alice.token)
            #expect(revoked.status == 204)
            for token in [phone.token, tablet.token] {
                expectRefused(try await api.me(token: token), 401, .unauthorized)
                expectRefused(try await api.send(.GET, "/v1/sessions", token: token), 401, .unauthorized)
                expectRefused(try await api.send(.DELETE, "/v1/sessions/current", token: token), 401, .unauthorized)
                expectRefused(try await api.send(.POST, "/v1/games", token: token, body: #"{"side":"X"}"#), 401, .unauthorized)
                expectRefused(try await api.resign(game, token: token), 401, .unauthorized)
                expectRefused(try await api.socketHandshake(token: token), 401, .unauthorized)
                expectRefused(try await api.socketHandshake(query: "?token=\(token)"), 401, .unauthorized)
            }
            // Signing in again gives a new token; the old ones stay dead.
            let again = try await api.signIn("alice")
            #expect(try await api.me(token: again.token).status == 200)
            expectRefused(try await api.me(token: phone.token), 401, .unauthorized)
            let sessions = try await api.send(.GET, "/v1/sessions", token: alice.token).decode([SessionView].self)
            #expect(Set(sessions.map(\.id)) == [alice.session.id, again.session.id])
        }
    }

    @Test func aSessionUnusedForThirtyDaysExpiresWhileOneInUseStaysAlive() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let api = try await DocumentedClient.of(server)
            let idle = try await api.register("alice")
            let busy = try await api.signIn("alice")
            #expect(idle.session.expiresAt == idle.session.lastUsedAt.addingTimeInterval(30 * Self.day))

            // Used every 29 days, a session lives on well past 30 days from its start.
            for _ in 0..<3 {
                clock.advance(by: 29 * Self.day)
                #expect(try await api.me(token: busy.token).status == 200)
            }
            let sessions = try await api.send(.GET, "/v1/sessions", token: busy.token).decode([SessionView].self)
            let current = try #require(sessions.first { $0.current })
            #expect(current.id == busy.session.id)
            #expect(current.lastUsedAt.timeIntervalSince(busy.session.createdAt) > 86 * Self.day)
            #expect(current.expiresAt == current.lastUsedAt.addingTimeInterval(30 * Self.day))

            // The session nobody used for 87 days is long gone.
            for answer in [try await api.me(token: idle.token),
                           try await api.send(.GET, "/v1/me/games", token: idle.token),
                           try await api.socketHandshake(token: idle.token)] {
                expectRefused(answer, 401, .unauthorized)
            }

            // 31 days without use end the busy one too, for good.
            clock.advance(by: 31 * Self.day)
            expectRefused(try await api.me(token: busy.token), 401, .unauthorized)
            clock.advance(by: 1)
            expectRefused(try await api.me(token: busy.token), 401, .unauthorized)
        }
    }

    @Test func aSessionExpiresThirtyOneDaysAfterItsLastUse() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            clock.advance(by: 29 * Self.day)
            #expect(try await api.me(token: alice.token).status == 200)
            clock.advance(by: 29 * Self.day)
            #expect(try await api.me(token: alice.token).status == 200)
            clock.advance(by: 31 * Self.day)
            expectRefused(try await api.me(token: alice.token), 401, .unauthorized)
            expectRefused(try await api.socketHandshake(token: alice.token), 401, .unauthorized)
            // Signing in again works, with a fresh 30 days.
            let again = try await api.signIn("alice")
            #expect(again.session.createdAt == Date(timeIntervalSince1970: 1_800_000_000).addingTimeInterval(89 * Self.day))
            #expect(try await api.me(token: again.token).status == 200)
        }
    }

    @Test func profilesAndTheLeaderboardAreForAnyoneSignedInAndNobodyElse() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let bob = try await api.register("bob")
            let aliceID = ["userID": "\(alice.user.id)"]
            for (path, parameters) in [("/v1/users/{userID}/profile", aliceID), ("/v1/me/profile", [:]), ("/v1/leaderboard", [:])] {
                expectRefused(try await api.send(.GET, path, parameters), 401, .unauthorized, path)
                expectRefused(try await api.send(.GET, path, parameters, token: "not-a-token"), 401, .unauthorized, path)
            }
            // Another player and the owner read the same profile; only the other sees a series.
            let byBob = try await api.send(.GET, "/v1/users/{userID}/profile", aliceID, token: bob.token).decode(Profile.self)
            let byAlice = try await api.send(.GET, "/v1/users/{userID}/profile", aliceID, token: alice.token).decode(Profile.self)
            let own = try await api.send(.GET, "/v1/me/profile", token: alice.token).decode(Profile.self)
            #expect(byBob.player.id == alice.user.id && byBob.series?.opponent.id == alice.user.id)
            #expect(byAlice == own && own.series == nil)
            #expect(try await api.send(.GET, "/v1/leaderboard", query: "?by=weekly_wins", token: bob.token).status == 200)
        }
    }
}
