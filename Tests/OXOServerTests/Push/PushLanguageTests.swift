import Foundation
import OXOClient
import OXOCore
import OXOProtocol
import Testing
@testable import OXOAccounts
@testable import OXOSocial

/// What reaches a person's device is written in the language they chose, and in English
/// for one who never chose.
@Suite("Pushes in each person's language")
struct PushLanguageTests {
    @Test func aFriendRequestReachesAFrenchASpanishAndAnEnglishSpeakerEachInTheirOwn() async throws {
        try await withPushServer { server, standIn in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice").token
            let amelie = try await api.register("amelie", language: .fr)
            let bea = try await api.register("bea", language: .es)
            let bob = try await api.register("bob")
            #expect(amelie.user.language == .fr && bea.user.language == .es && bob.user.language == nil)
            for (name, grant) in [("amelie", amelie), ("bea", bea), ("bob", bob)] {
                _ = try await api.subscribe("\(name)s-phone", token: grant.token, at: standIn)
                #expect(try await api.send(.POST, "/v1/me/friends", token: alice, body: #"{"username":"\#(name)"}"#).status == 201)
            }
            let received = Dictionary(uniqueKeysWithValues: try await standIn.pushes(3).map { ($0.device, $0.payload) })
            #expect(received["amelies-phone"]?["title"] == "Demande d’ami")
            #expect(received["amelies-phone"]?["body"] == "alice vous a envoyé une demande d’ami.")
            #expect(received["beas-phone"]?["title"] == "Solicitud de amistad")
            #expect(received["beas-phone"]?["body"] == "alice te ha enviado una solicitud de amistad.")
            #expect(received["bobs-phone"]?["title"] == "Friend request")
            #expect(received["bobs-phone"]?["body"] == "alice asks to be your friend.")
            // Only the words change: the kind, the link and the tag are the same for all.
            #expect(Set(received.values.map { $0["url"] }) == ["/#/friends"])
            #expect(Set(received.values.map { $0["kind"] }) == ["friend_request"])
            #expect(standIn.refusals.isEmpty, "\(standIn.refusals)")
        }
    }

    @Test func aTurnIsPushedInTheLanguageChosenSince() async throws {
        try await withPushServer { server, standIn in
            let (api, alice, bob) = try await PushDeliveryTests.aliceAndBobsPhone(server, standIn)
            var game = try await PushDeliveryTests.correspondenceGame(api.http, alice: alice, bob: bob)
            game = try await PushDeliveryTests.move(api.http, game, cell: 4, token: alice)
            #expect(try await standIn.pushes(1).last?.payload["title"] == "Your turn")
            let french = try await api.send(.PATCH, "/v1/me", token: bob, body: #"{"language":"fr"}"#).decode(UserView.self)
            #expect(french.language == .fr)
            game = try await PushDeliveryTests.move(api.http, game, cell: 0, token: bob)
            game = try await PushDeliveryTests.move(api.http, game, cell: 8, token: alice)
            let turn = try #require(try await standIn.pushes(2).last)
            #expect(turn.payload == [
                "kind": "your_turn", "title": "À vous de jouer", "body": "alice a joué\u{00A0}: c’est votre tour.",
                "url": "/#/game/\(game.id)", "tag": "game-\(game.id)",
            ])
            _ = try await api.send(.PATCH, "/v1/me", token: bob, body: #"{"language":"es"}"#)
            game = try await PushDeliveryTests.move(api.http, game, cell: 2, token: bob)
            _ = try await PushDeliveryTests.move(api.http, game, cell: 6, token: alice)
            let spanish = try #require(try await standIn.pushes(3).last)
            #expect(spanish.payload["title"] == "Te toca" && spanish.payload["body"] == "alice ha jugado: es tu turno.")
        }
    }

    /// Each kind that is pushed has its own words in each language, which name the player
    /// it is about; only the words differ from the English push.
    @Test(arguments: [Language.es, .fr])
    func everyPushedKindIsWordedInTheLanguage(_ language: Language) throws {
        let actor = PlayerSummary(id: UserID(rawValue: UUID()), username: "zoe", displayName: "Zoé", avatar: "/v1/media/0a")
        let (game, challenge, tournament) = (UUID(), UUID(), UUID())
        for kind in InboxPushes.kinds {
            let english = try #require(InboxPushes.message(kind, actor: actor, game: game, challenge: challenge, tournament: tournament, in: .in(nil)))
            let translated = try #require(InboxPushes.message(kind, actor: actor, game: game, challenge: challenge, tournament: tournament, in: .in(language)))
            #expect(translated.title != english.title && translated.body != english.body, "\(kind)")
            #expect(translated.body.contains("Zoé"), "\(kind)")
            #expect(translated.url == english.url && translated.tag == english.tag && translated.urgency == english.urgency
                    && translated.timeToLive == english.timeToLive && translated.kind == english.kind, "\(kind)")
        }
        #expect(Words.in(.en).yourTurn.title("") == Words.in(nil).yourTurn.title(""), "English for one who never chose")
    }
}
