import Foundation
import OXOProtocol
import Testing
@testable import OXOClient

/// What the SDK sends for friends, follows, blocks and notifications.
@Suite struct SocialEndpointTests {
    let server = ServerAddress(baseURL: Fixtures.server)
    let player = UserID(rawValue: UUID())

    @Test func eachOperationGoesToItsAddress() throws {
        let id = player.description
        let notification = NotificationID(rawValue: player.rawValue)
        #expect(try requestLine(Endpoints.friends()) == "GET /v1/me/friends")
        #expect(try requestLine(Endpoints.acceptFriendship(from: player)) == "POST /v1/me/friends/\(id)/accept")
        #expect(try requestLine(Endpoints.markNameSeen(of: player)) == "POST /v1/me/friends/\(id)/seen")
        #expect(try requestLine(Endpoints.removeFriendship(with: player)) == "DELETE /v1/me/friends/\(id)")
        #expect(try requestLine(Endpoints.follow(player)) == "PUT /v1/me/following/\(id)")
        #expect(try requestLine(Endpoints.unfollow(player)) == "DELETE /v1/me/following/\(id)")
        #expect(try requestLine(Endpoints.followers(of: player, cursor: "c", limit: 5)) == "GET /v1/users/\(id)/followers?cursor=c&limit=5")
        #expect(try requestLine(Endpoints.following(of: player, cursor: nil, limit: nil)) == "GET /v1/users/\(id)/following")
        #expect(try requestLine(Endpoints.relation(with: player)) == "GET /v1/users/\(id)/relation")
        #expect(try requestLine(Endpoints.blocks()) == "GET /v1/me/blocks")
        #expect(try requestLine(Endpoints.block(player)) == "PUT /v1/me/blocks/\(id)")
        #expect(try requestLine(Endpoints.unblock(player)) == "DELETE /v1/me/blocks/\(id)")
        #expect(try requestLine(Endpoints.notifications(cursor: nil, limit: 10)) == "GET /v1/me/notifications?limit=10")
        #expect(try requestLine(Endpoints.markRead(notification)) == "POST /v1/me/notifications/\(id)/read")
        #expect(try requestLine(Endpoints.markAllRead()) == "POST /v1/me/notifications/read")
        #expect(try requestLine(Endpoints.notificationSettings()) == "GET /v1/me/notification-settings")
    }

    @Test func bodiesAreTheRequestsInSnakeCase() async throws {
        let ask = try Endpoints.requestFriendship(FriendRequestBody(username: "bob")).request(on: server, token: "t")
        #expect(ask.method == .POST && ask.url == "http://127.0.0.1:8080/v1/me/friends")
        #expect(try await requestBody(of: ask) == #"{"username":"bob"}"#)
        let settings = try Endpoints.setNotificationSettings(NotificationSettings(muted: [.yourTurn])).request(on: server, token: "t")
        #expect(settings.method == .PUT)
        #expect(try await requestBody(of: settings) == #"{"muted":["your_turn"]}"#)
    }

    @Test func answersDecodeAsTheirTypes() throws {
        let page = Data(#"{"notifications":[],"unread":3}"#.utf8)
        #expect(try Endpoints.notifications(cursor: nil, limit: nil).read(status: 200, body: page).unread == 3)
        try Endpoints.follow(player).read(status: 204, body: Data())
        let blocked = Data(#"{"error":{"code":"blocked","message":"No."}}"#.utf8)
        #expect(throws: APIError(.blocked, "No.")) { try Endpoints.block(player).read(status: 403, body: blocked) }
    }
}
