import Foundation
import OXOClient
import OXOProtocol
import Testing

/// What is deleted is never served again, by resume least of all: a socket that asks for a
/// room's or a game's events from the start gets what is still there, not what was said.
@Suite("Deleted words stay deleted")
struct DeletedWordsTests {
    /// Subscribes a raw socket to `topic` from its first event, as anyone may ask, and
    /// returns every text the server sent until it acknowledged the subscription.
    static func everythingResumedFromTheStart(of topic: Topic, port: Int, token: String) async throws -> String {
        let socket = try await SilentSocket(port: port, path: "/v1/socket", token: token)
        defer { socket.close() }
        _ = await socket.texts(1)  // the welcome
        try socket.send(#"{"type":"subscribe","id":"resume","topic":"\#(topic.description)","after":0}"#)
        var texts: [String] = []
        while let text = await socket.texts(1).first?.text {
            texts.append(text)
            if text.contains(#""id":"resume""#) { break }
        }
        #expect(texts.last?.contains(#""type":"ack""#) == true, "the subscription is answered")
        return texts.joined(separator: "\n")
    }

    @Test func aDeletedWatchersMessageAndItsPhotoAreNotServedToAnyoneWhoResumesTheRoom() async throws {
        try await withServer { server in
            let raw = RawHTTP(baseURL: server.baseURL)
            let (alice, bob, mallory) = (try await server.player("alice"), try await server.player("bob"), try await server.player("mallory"))
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            let room = ChatRoom.watchers(game.id)
            let photo = try await alice.uploadChatPhoto(Data(TestImages.png(width: 2, height: 2)), contentType: "image/png")
            let secret = try await alice.sendMessage("my secret words", photo: photo.photo, to: room)
            try await bob.sendMessage("still here", to: room)
            #expect(try await raw.send(.GET, photo.url).status == 200)

            _ = try await alice.deleteMessage(secret.id)

            let resumed = try await Self.everythingResumedFromTheStart(
                of: .chat(room), port: server.port, token: try #require(await mallory.token))
            #expect(!resumed.contains("my secret words"))
            #expect(!resumed.contains(photo.photo))
            #expect(resumed.contains("still here"), "what was not deleted is still there")
            #expect(try await raw.send(.GET, photo.url).status == 404, "the photo's address stops answering")
        }
    }

    @Test func aDeletedPlayersMessageIsNotServedToTheOtherPlayerWhoResumesTheRoom() async throws {
        try await withServer { server in
            let (alice, bob) = (try await server.player("alice"), try await server.player("bob"))
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            let room = ChatRoom.players(game.id)
            let said = try await alice.sendMessage("said in haste", to: room)
            _ = try await alice.deleteMessage(said.id)

            let resumed = try await Self.everythingResumedFromTheStart(
                of: .chat(room), port: server.port, token: try #require(await bob.token))
            #expect(!resumed.contains("said in haste"))
        }
    }

    @Test func aDeletedAccountsNameAndWordsAreNotServedByTheGameAndRoomTopics() async throws {
        try await withServer { server in
            let (alice, bob) = (try await server.player("alice"), try await server.player("bob"))
            var game = try await bob.join(try await alice.createGame(side: .x).id)
            game = try await alice.move(4, in: game)
            try await alice.sendMessage("a word from alice", to: .watchers(game.id))
            try await alice.deleteAccount(password: "password-alice")

            let token = try #require(await bob.token)
            for topic in [Topic.game(game.id), .chat(.watchers(game.id)), .lobby, .presence] {
                let resumed = try await Self.everythingResumedFromTheStart(of: topic, port: server.port, token: token)
                // Her id stays in the games her opponents keep, shown as a deleted player's.
                #expect(!resumed.contains("alice"), "\(topic) names her no more")
                #expect(!resumed.contains("a word from alice"))
            }
        }
    }
}
