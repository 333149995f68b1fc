import Foundation
import OXOClient
import OXOCore
import OXOProtocol
import OXOServer
import Testing

/// Deleting an account: what its owner's opponents, friends and correspondents see after,
/// and that nothing of the account can still be read.
@Suite("Deleting an account")
struct AccountDeletionTests {
    /// Plays a game alice (X) wins against bob: 0, 3, 1, 4, 2.
    func aliceBeats(_ bob: OXOClient, _ alice: OXOClient) async throws -> GameView {
        var game = try await alice.createGame(side: .x)
        game = try await bob.join(game.id)
        for (player, cell) in [(alice, 0), (bob, 3), (alice, 1), (bob, 4), (alice, 2)] {
            game = try await player.move(cell, in: game)
        }
        return game
    }

    func refusal(_ work: () async throws -> Void) async -> ErrorCode? {
        do { try await work() } catch let error as APIError { return error.code } catch { return nil }
        return nil
    }

    @Test func theOthersSeeADeletedPlayerAndNothingOfTheAccountRemainsReadable() async throws {
        try await withServer { server in
            let raw = RawHTTP(baseURL: server.baseURL)
            let (alice, bob, carol) = (try await server.player("alice"), try await server.player("bob"), try await server.player("carol"))
            let aliceID = try await alice.me().id
            let aliceToken = try #require(await alice.token)
            let won = try await aliceBeats(bob, alice)
            var live = try await carol.createGame(side: .x)
            live = try await alice.join(live.id)
            live = try await carol.move(0, in: live)
            let open = try await alice.createGame(side: .o)
            _ = try await alice.sendMessage("hello carol", to: .players(live.id))
            _ = try await carol.sendMessage("hi alice", to: .players(live.id))
            let photo = try await alice.uploadChatPhoto(Data(TestImages.png()), contentType: "image/png")
            _ = try await alice.sendMessage(nil, photo: photo.photo, to: .players(live.id))
            let conversation = try await bob.openConversation(with: aliceID)
            _ = try await alice.sendMessage("psst bob", to: .conversation(conversation.id))
            _ = try await bob.sendMessage("yes?", to: .conversation(conversation.id))
            _ = try await alice.befriend(username: "bob")
            _ = try await bob.acceptFriendship(from: aliceID)
            try await carol.follow(aliceID)
            try await alice.follow(try await carol.me().id)
            _ = try await alice.setAvatar(Data(TestImages.png(width: 2, height: 2)), contentType: "image/png")
            let socket = try await SilentSocket(port: server.port, path: "/v1/socket", token: aliceToken)
            defer { socket.close() }
            #expect(try await bob.leaderboard(by: .weeklyWins).rows.map(\.player.id) == [aliceID])
            // Once her socket has her online, bob challenges her; the challenge waits.
            try await within {
                while !(try await bob.onlinePlayers().players.contains { $0.player.id == aliceID }) {
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            let challenge = try await bob.challenge(aliceID)

            #expect(await refusal { try await alice.deleteAccount(password: "not-her-password") } == .invalidCredentials)
            try await alice.deleteAccount(password: "password-alice")

            // Her socket closes as a signed-out one does, and her token and password stop working.
            #expect(await socket.framesUntilClose().last?.closeCode == 4001)
            #expect(try await raw.send(.GET, "/v1/me", token: aliceToken).status == 401)
            #expect(await refusal { _ = try await OXOClient.login("alice", password: "password-alice", at: URL(string: server.baseURL)!) }
                    == .invalidCredentials)
            // Her live game was resigned: carol won, and sees whom she beat as a deleted player.
            let resigned = try await carol.game(live.id)
            #expect(resigned.phase == .finished && resigned.result?.winner == .x && resigned.result?.reason == .resignation)
            #expect(resigned.o?.player?.displayName == "deleted player")
            // The game she won stays in bob's history, moves and all, under the same name.
            let kept = try await bob.game(won.id)
            #expect(kept.x?.player?.displayName == "deleted player" && kept.moves.count == 5 && kept.result?.winner == .x)
            #expect(try await bob.finishedGames(of: try await bob.me().id).games.count == 1)
            // The challenge she never answered is cancelled, and bob waits for nobody.
            #expect(try await bob.challenges().challenges.allSatisfy { $0.id != challenge.id || $0.state == .cancelled })
            // Her open game is gone, and so is she: profile, player, boards, lists, photos.
            #expect(await refusal { _ = try await bob.game(open.id) } == .gameNotFound)
            #expect(await refusal { _ = try await bob.profile(of: aliceID) } == .playerNotFound)
            #expect(try await raw.send(.GET, "/v1/users/\(aliceID)", token: try #require(await bob.token)).status == 404)
            #expect(try await bob.leaderboard(by: .weeklyWins).rows.isEmpty)
            #expect(!(try await bob.onlinePlayers().players.contains { $0.player.id == aliceID }))
            #expect(try await bob.friends().friends.isEmpty)
            #expect(try await carol.following(of: try await carol.me().id).players.isEmpty)
            #expect(try await carol.followers(of: try await carol.me().id).players.isEmpty)
            #expect(try await raw.send(.GET, photo.url).status == 404)
            // Her messages are removed, carol's in the game stay; the conversation with bob is gone whole.
            #expect(try await carol.chatHistory(of: .players(live.id)).messages.map(\.text) == ["hi alice"])
            #expect(try await bob.conversations().conversations.isEmpty)
            // No row of any table names her but the games her opponents keep.
            let hers: [(table: String, columns: [String])] = [
                ("sessions", ["user_id"]), ("friendships", ["requester_id", "addressee_id"]),
                ("follows", ["follower_id", "followee_id"]), ("notifications", ["user_id", "actor_id"]),
                ("player_ratings", ["user_id"]), ("rating_history", ["user_id"]), ("weekly_wins", ["user_id"]),
                ("photos", ["uploader_id"]), ("conversations", ["user_a", "user_b"]), ("chat_messages", ["sender_id"]),
                ("presence", ["user_id"]), ("last_seen", ["user_id"]), ("users", ["id"]),
            ]
            for (table, columns) in hers {
                for column in columns {
                    #expect(try await server.count(table, where: column, is: aliceID.rawValue) == 0, "\(table).\(column)")
                }
            }
            // Only she uploaded photos, so no bytes are left either.
            #expect(try await server.count("media") == 0)
        }
    }

    @Test func herNameIsHeldForThePeriodThenFree() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let raw = RawHTTP(baseURL: server.baseURL)
            let alice = try await server.player("alice")
            try await alice.deleteAccount(password: "password-alice")
            let again = """
                {"username":"Alice","email":"new-alice@example.org","password":"password-alice"}
                """
            #expect(try await raw.send(.POST, "/v1/accounts", body: again).error?.code == .usernameTaken)
            try await server.advance(clock, by: 31 * 24 * 3600)
            #expect(try await raw.send(.POST, "/v1/accounts", body: again).status == 201)
        }
        // With no hold, the name is free at once; her address always is.
        try await withServer(adjust: { $0.releasedNameHold = 0 }) { server in
            let alice = try await server.player("alice")
            try await alice.deleteAccount(password: "password-alice")
            #expect(try await RawHTTP(baseURL: server.baseURL).register("alice").isEmpty == false)
        }
    }

    @Test func aGuestDeletesItselfWithoutAPassword() async throws {
        try await withServer { server in
            let raw = RawHTTP(baseURL: server.baseURL)
            let guest = try await raw.send(.POST, "/v1/guests", body: "{}").decode(SessionGrant.self)
            #expect(try await raw.send(.DELETE, "/v1/me", token: guest.token).status == 204)
            #expect(try await raw.send(.GET, "/v1/me", token: guest.token).status == 401)
            // A registered player without the password in the body is refused, and stays.
            let token = try await raw.register("alice")
            #expect(try await raw.send(.DELETE, "/v1/me", token: token).error?.code == .invalidCredentials)
            #expect(try await raw.send(.DELETE, "/v1/me", token: token, body: "[1]").error?.code == .invalidRequest)
            #expect(try await raw.send(.GET, "/v1/me", token: token).status == 200)
        }
    }

    @Test func aModeratorDeletesAnAccountByName() async throws {
        let adminToken = String(repeating: "m", count: 40)
        try await withServer(adjust: { $0.adminToken = adminToken }) { server in
            let mallory = try await server.player("mallory")
            let malloryToken = try #require(await mallory.token)
            let admin = OXOClient(baseURL: URL(string: server.baseURL)!, token: adminToken)
            #expect(try await admin.moderatorDeleteAccount(username: "Mallory").username == "mallory")
            #expect(try await RawHTTP(baseURL: server.baseURL).send(.GET, "/v1/me", token: malloryToken).status == 401)
            #expect(await refusal { _ = try await admin.moderatorDeleteAccount(username: "mallory") } == .playerNotFound)
        }
    }
}

extension TestServer {
    /// How many rows of `table` hold `value` in `column`.
    func count(_ table: String, where column: String, is value: UUID) async throws -> Int {
        try await app.db.sql.raw("SELECT COUNT(*) AS n FROM \(ident: table) WHERE \(ident: column) = \(bind: value)")
            .first()?.decode(column: "n", as: Int.self) ?? 0
    }
}
