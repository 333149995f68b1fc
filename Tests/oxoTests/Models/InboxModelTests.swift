import Foundation
import OXOClient
import OXOProtocol
import Testing

@Suite("InboxModel follows a real server")
@MainActor
struct InboxModelTests {
    @Test func theBellAndTheConversationsFollowTheServer() async throws {
        let server = try await ServeProcess()
        defer { server.stop() }
        let alice = try await signUp("alice", on: server)
        let bob = try await signUp("bob", on: server)
        let inbox = await InboxModel(on: alice)
        // The lobby follows the same topic; both must still hear everything.
        let lobby = await LobbyModel(on: alice)

        try await bob.client.befriend(username: "alice")
        await eventually("the friend request in the bell") {
            inbox.unread == 1 && inbox.notifications.first?.kind == .friendRequest
        }
        await inbox.markAllRead()
        await eventually("everything read") { inbox.unread == 0 && inbox.notifications.allSatisfy(\.read) }

        let talk = try await bob.client.openConversation(with: alice.me.id)
        try await bob.client.sendMessage("hello", to: talk.room)
        await eventually("the message counted unread") {
            inbox.unreadMessages == 1 && inbox.conversations.first?.lastMessage?.text == "hello"
                && inbox.unread == 1 && inbox.notifications.first?.kind == .message
        }
        await inbox.markRead(try #require(inbox.conversations.first))
        await eventually("the conversation and its notification read") {
            inbox.unreadMessages == 0 && inbox.unread == 0
        }

        try await bob.client.challenge(alice.me.id)
        await eventually("the challenge in the lobby and the bell") {
            lobby.challengesReceived.count == 1 && inbox.notifications.first?.kind == .challengeReceived
        }
        await alice.close()
        await bob.close()
    }
}
