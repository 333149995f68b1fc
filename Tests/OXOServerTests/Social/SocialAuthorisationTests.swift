import Foundation
import NIOHTTP1
import OXOProtocol
import Testing

/// Every route of friends, follows, blocks and notifications, for the owner, another
/// player and a player who was blocked, each answer checked against the document; and
/// every answer the document promises for them is seen here.
@Suite("Social routes are authorised and documented")
struct SocialAuthorisationTests {
    @Test func everyoneReachesOnlyTheirOwnAndABlockRefusesEveryReach() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob"), carol = try await api.register("carol")
            let (aliceID, bobID, carolID) = ("\(alice.user.id)", "\(bob.user.id)", "\(carol.user.id)")
            func send(_ method: HTTPMethod, _ path: String, _ id: String = "", query: String = "", body: String? = nil,
                      as grant: SessionGrant) async throws -> RawHTTP.Answer {
                let parameters = path.contains("{notificationID}") ? ["notificationID": id] : ["userID": id]
                return try await api.send(method, path, parameters, query: query, token: grant.token, body: body)
            }

            // Friends: Alice asks Bob; only Bob may accept; Carol sees none of it.
            #expect(try await send(.POST, "/v1/me/friends", body: #"{"username":"bob"}"#, as: alice).status == 201)
            expectRefused(try await send(.POST, "/v1/me/friends", body: "{", as: alice), 400, .malformedJSON)
            expectRefused(try await send(.POST, "/v1/me/friends", body: #"{"username":"alice"}"#, as: alice), 400, .invalidRequest)
            expectRefused(try await send(.POST, "/v1/me/friends", body: #"{"username":"nobody"}"#, as: alice), 404, .playerNotFound)
            expectRefused(try await send(.POST, "/v1/me/friends/{userID}/accept", aliceID, as: carol), 404, .friendRequestNotFound)
            expectRefused(try await send(.POST, "/v1/me/friends/{userID}/accept", bobID, as: alice), 404, .friendRequestNotFound)
            expectRefused(try await send(.POST, "/v1/me/friends/{userID}/accept", "nonsense", as: bob), 404, .notFound)
            #expect(try await send(.GET, "/v1/me/friends", as: carol).decode(FriendList.self) == FriendList(friends: [], incoming: [], outgoing: []))
            #expect(try await send(.POST, "/v1/me/friends/{userID}/accept", aliceID, as: bob).status == 200)
            #expect(try await send(.GET, "/v1/me/friends", as: alice).decode(FriendList.self).friends.map(\.player.id) == [bob.user.id])
            expectRefused(try await send(.POST, "/v1/me/friends/{userID}/seen", aliceID, as: carol), 404, .friendRequestNotFound)
            expectRefused(try await send(.POST, "/v1/me/friends/{userID}/seen", "nonsense", as: carol), 404, .notFound)
            #expect(try await send(.POST, "/v1/me/friends/{userID}/seen", bobID, as: alice).status == 204)
            expectRefused(try await send(.DELETE, "/v1/me/friends/{userID}", aliceID, as: carol), 404, .friendRequestNotFound)
            expectRefused(try await send(.DELETE, "/v1/me/friends/{userID}", "nonsense", as: carol), 404, .notFound)

            // Follows: anyone's lists are readable; one follows only as oneself.
            #expect(try await send(.PUT, "/v1/me/following/{userID}", bobID, as: carol).status == 204)
            expectRefused(try await send(.PUT, "/v1/me/following/{userID}", carolID, as: carol), 400, .invalidRequest)
            expectRefused(try await send(.PUT, "/v1/me/following/{userID}", "\(UUID())", as: carol), 404, .playerNotFound)
            expectRefused(try await send(.PUT, "/v1/me/following/{userID}", "nonsense", as: carol), 404, .notFound)
            for list in ["/v1/users/{userID}/followers", "/v1/users/{userID}/following"] {
                #expect(try await send(.GET, list, bobID, as: alice).status == 200)
                expectRefused(try await send(.GET, list, bobID, query: "?limit=0", as: alice), 400, .invalidRequest)
                expectRefused(try await send(.GET, list, "\(UUID())", as: alice), 404, .playerNotFound)
                expectRefused(try await send(.GET, list, "nonsense", as: alice), 404, .notFound)
            }
            #expect(try await send(.GET, "/v1/users/{userID}/followers", bobID, as: alice).decode(PlayerPage.self).players.map(\.id) == [carol.user.id])
            #expect(try await send(.GET, "/v1/users/{userID}/relation", bobID, as: carol).decode(PlayerRelation.self).following)
            expectRefused(try await send(.GET, "/v1/users/{userID}/relation", "\(UUID())", as: carol), 404, .playerNotFound)
            expectRefused(try await send(.GET, "/v1/users/{userID}/relation", "nonsense", as: carol), 404, .notFound)
            #expect(try await send(.DELETE, "/v1/me/following/{userID}", bobID, as: carol).status == 204)
            expectRefused(try await send(.DELETE, "/v1/me/following/{userID}", "nonsense", as: carol), 404, .notFound)

            // Notifications: Bob's inbox is his alone.
            let inbox = try await send(.GET, "/v1/me/notifications", as: bob).decode(NotificationPage.self)
            #expect(inbox.notifications.map(\.kind) == [.newFollower, .friendRequest] && inbox.unread == 2)
            #expect(try await send(.GET, "/v1/me/notifications", as: carol).decode(NotificationPage.self).notifications.map(\.kind) == [])
            expectRefused(try await send(.GET, "/v1/me/notifications", query: "?cursor=nonsense", as: bob), 400, .invalidRequest)
            let bobs = "\(inbox.notifications[0].id)"
            expectRefused(try await send(.POST, "/v1/me/notifications/{notificationID}/read", bobs, as: carol), 404, .notificationNotFound)
            expectRefused(try await send(.POST, "/v1/me/notifications/{notificationID}/read", "nonsense", as: carol), 404, .notFound)
            #expect(try await send(.POST, "/v1/me/notifications/{notificationID}/read", bobs, as: bob).decode(NotificationsRead.self).unread == 1)
            #expect(try await send(.POST, "/v1/me/notifications/read", as: carol).decode(NotificationsRead.self).unread == 0)
            #expect(try await send(.GET, "/v1/me/notifications", as: bob).decode(NotificationPage.self).unread == 1, "Carol's marking left Bob's alone")
            #expect(try await send(.GET, "/v1/me/notification-settings", as: bob).status == 200)
            #expect(try await send(.PUT, "/v1/me/notification-settings", body: #"{"muted":["your_turn"]}"#, as: bob).status == 200)
            expectRefused(try await send(.PUT, "/v1/me/notification-settings", body: #"{"muted":["spam"]}"#, as: bob), 400, .invalidRequest)
            expectRefused(try await send(.PUT, "/v1/me/notification-settings", body: "[", as: bob), 400, .malformedJSON)
            #expect(try await send(.GET, "/v1/me/notification-settings", as: carol).decode(NotificationSettings.self).muted.isEmpty)

            // Blocks: Bob blocks Carol; she can reach him in no way.
            #expect(try await send(.PUT, "/v1/me/blocks/{userID}", carolID, as: bob).status == 204)
            expectRefused(try await send(.PUT, "/v1/me/blocks/{userID}", bobID, as: bob), 400, .invalidRequest)
            expectRefused(try await send(.PUT, "/v1/me/blocks/{userID}", "\(UUID())", as: bob), 404, .playerNotFound)
            expectRefused(try await send(.PUT, "/v1/me/blocks/{userID}", "nonsense", as: bob), 404, .notFound)
            expectRefused(try await send(.POST, "/v1/me/friends", body: #"{"username":"bob"}"#, as: carol), 403, .blocked)
            expectRefused(try await send(.PUT, "/v1/me/following/{userID}", bobID, as: carol), 403, .blocked)
            expectRefused(try await api.send(.POST, "/v1/challenges", token: carol.token, body: #"{"opponent":"\#(bobID)"}"#), 403, .blocked)
            #expect(try await send(.GET, "/v1/me/blocks", as: carol).decode(BlockList.self) == BlockList(blocked: [], hidden: [bob.user.id]))
            #expect(try await send(.DELETE, "/v1/me/blocks/{userID}", bobID, as: carol).status == 204, "Carol cannot lift Bob's block")
            #expect(try await send(.GET, "/v1/me/blocks", as: bob).decode(BlockList.self).blocked.map(\.id) == [carol.user.id])
            expectRefused(try await send(.DELETE, "/v1/me/blocks/{userID}", "nonsense", as: bob), 404, .notFound)
            #expect(try await send(.DELETE, "/v1/me/blocks/{userID}", carolID, as: bob).status == 204)
            #expect(try await send(.DELETE, "/v1/me/friends/{userID}", aliceID, as: bob).status == 204)

            // Every documented answer of these operations was seen (401s: OpenAPIDocumentTests).
            let social = api.spec.operations.filter { Self.isSocial($0, in: api.spec) }
            let documented = Set(social.flatMap { operation in
                (api.spec.definition(of: operation)?["responses"]?.object ?? [:]).keys.filter { $0 != "401" }.map { "\(operation) \($0)" }
            })
            let seen = Set(api.transcript.map { "\($0.operation) \($0.answer.status)" })
            #expect(documented.subtracting(seen).isEmpty, "documented but never seen: \(documented.subtracting(seen).sorted())")
        }
    }

    /// The operations of the Friends and Notifications tags, which this suite covers.
    static func isSocial(_ operation: OpenAPISpec.Operation, in spec: OpenAPISpec) -> Bool {
        let tags = spec.definition(of: operation)?["tags"]?.array?.compactMap(\.string) ?? []
        return tags.contains("Friends") || tags.contains("Notifications")
    }
}
