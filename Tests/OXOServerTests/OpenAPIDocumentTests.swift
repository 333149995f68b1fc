import Foundation
import OXOClient
import NIOHTTP1
import OXOProtocol
@testable import OXOCore
@testable import OXOAccounts
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer
import Testing
import Vapor

@Suite("The OpenAPI document and the server agree")
struct OpenAPIDocumentTests {
    /// The operations anyone may call without a token.
    static let publicOperations: Set<OpenAPISpec.Operation> = [
        .init(method: "GET", path: "/health"),
        .init(method: "GET", path: "/health/live"),
        .init(method: "GET", path: "/health/ready"),
        // Open to this machine without a token; from elsewhere it needs the admin token.
        .init(method: "GET", path: "/metrics"),
        .init(method: "GET", path: "/openapi.json"),
        .init(method: "POST", path: "/v1/accounts"),
        .init(method: "POST", path: "/v1/guests"),
        .init(method: "POST", path: "/v1/sessions"),
        // A forgotten password, and a mailed link opened on any device.
        .init(method: "POST", path: "/v1/password-resets"),
        .init(method: "POST", path: "/v1/password-resets/redeem"),
        .init(method: "POST", path: "/v1/email-verifications"),
        // Pictures, for an <img src> that cannot send a token: a photo's hash is its key.
        .init(method: "GET", path: "/v1/media/{address}"),
        .init(method: "GET", path: "/v1/avatars/stock.svg"),
        .init(method: "GET", path: "/v1/catalogue/cover.svg"),
        .init(method: "GET", path: "/v1/variants"),
    ]

    @Test func everyRouteIsDocumentedAndEveryDocumentedOperationIsARoute() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let documented = Set(api.spec.operations)
            let served = Set(server.app.routes.all.map { route in
                OpenAPISpec.Operation(method: route.method.rawValue, path: "/" + route.path.map { component in
                    if case .parameter(let name) = component { "{\(name)}" } else { component.description }
                }.joined(separator: "/"))
            })
            #expect(documented.count >= 18)
            #expect(documented.subtracting(served).isEmpty, "documented but not served: \(documented.subtracting(served))")
            #expect(served.subtracting(documented).isEmpty, "served but not documented: \(served.subtracting(documented))")
        }
    }

    @Test func exactlyThePublicOperationsNeedNoToken() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let documentedPublic = Set(api.spec.operations.filter(api.spec.isPublic))
            #expect(documentedPublic == Self.publicOperations)
            // They answer without a token: with their result, or with a complaint about the
            // body, never with 401.
            for path in ["/health", "/health/live", "/health/ready"] { #expect(try await api.send(.GET, path).status == 200) }
            #expect(try await api.send(.GET, "/openapi.json").status == 200)
            expectRefused(try await api.send(.POST, "/v1/accounts"), 400, .malformedJSON)
            expectRefused(try await api.send(.POST, "/v1/sessions"), 400, .malformedJSON)
            expectRefused(try await api.send(.GET, "/v1/media/{address}", ["address": String(repeating: "0", count: 64)]), 404, .notFound)
            #expect(try await api.send(.GET, "/v1/avatars/stock.svg", query: "?name=Alice&seed=alice").status == 200)
            #expect(try await api.send(.GET, "/v1/catalogue/cover.svg", query: "?title=Tetris").status == 200)
            #expect(try await api.send(.GET, "/v1/variants").status == 200)
        }
    }

    @Test func everyOperationThatNeedsATokenRefusesNoneAndAMadeUpOne() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            // A real user and game, so that the paths name things that exist.
            let alice = try await api.register("alice")
            let game = try await api.createGame(token: alice.token)
            let values = ["gameID": "\(game.id)", "userID": "\(alice.user.id)", "sessionID": "\(alice.session.id)"]
            let madeUp = ["not-a-token", String(repeating: "A", count: 43), alice.token + "x", "Bearer"]
            let protected = api.spec.operations.filter { !api.spec.isPublic($0) }
            #expect(protected.count >= 14)
            for operation in protected {
                #expect(api.spec.definition(of: operation)?["responses"]?["401"] != nil, "\(operation) does not document 401")
                let parameters = Dictionary(uniqueKeysWithValues: operation.parameterNames.map { ($0, values[$0] ?? "x") })
                let method = HTTPMethod(rawValue: operation.method)
                let body = operation.method == "GET" || operation.method == "DELETE" ? nil : "{}"
                // The socket looks at the token only in a WebSocket handshake.
                let headers = operation.path == "/v1/socket" ? DocumentedClient.handshake : []
                let anonymous = try await api.send(method, operation.path, parameters, body: body, headers: headers)
                expectRefused(anonymous, 401, .unauthorized, "\(operation) without a token")
                for token in madeUp {
                    let answer = try await api.send(method, operation.path, parameters, token: token, body: body, headers: headers)
                    expectRefused(answer, 401, .unauthorized, "\(operation) with the token '\(token)'")
                    let inQuery = try await api.send(method, operation.path, parameters, query: "?token=\(token)", body: body,
                                                     headers: headers)
                    expectRefused(inQuery, 401, .unauthorized, "\(operation) with ?token=\(token)")
                }
            }
            // Nothing above changed anything: the game is as it was, Alice still signed in.
            let unchanged = try await api.send(.GET, "/v1/games/{gameID}", ["gameID": "\(game.id)"], token: alice.token)
            #expect(try unchanged.decode(GameView.self) == game)
        }
    }

    @Test func everyErrorCodeIsDocumentedWithTheStatusTheServerGivesIt() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let spec = api.spec
            let documentedCodes = spec.resolve(.object(["$ref": .string("#/components/schemas/ErrorCode")]))["enum"]?
                .array?.compactMap(\.string) ?? []
            #expect(documentedCodes.sorted() == ErrorCode.allCases.map(\.rawValue).sorted())
            var codesInResponses = Set<String>()
            for operation in spec.operations {
                for (status, response) in spec.definition(of: operation)?["responses"]?.object ?? [:] {
                    let response = spec.resolve(response)
                    guard let schema = response["content"]?["application/json"]?["schema"],
                          let parts = schema["allOf"]?.array,
                          let codes = parts.last?["properties"]?["error"]?["properties"]?["code"]?["enum"]?.array
                    else {
                        #expect(Int(status)! < 400, "\(operation) \(status) does not list its error codes")
                        continue
                    }
                    #expect(spec.resolve(parts[0])["required"] == .array([.string("error")]))
                    for code in codes.compactMap(\.string) {
                        codesInResponses.insert(code)
                        let known = ErrorCode(rawValue: code)
                        #expect(known != nil, "\(operation) \(status) names the unknown code \(code)")
                        #expect(known.map { String($0.status.code) } == status, "\(operation): \(code) is not a \(status)")
                        #expect(response["description"]?.string?.contains("`\(code)`") == true,
                                "\(operation) \(status) does not describe \(code)")
                    }
                }
            }
            // Codes no REST operation gives: the socket's, the server's own failure, and
            // those any address can give (a database lost in a failover among them).
            let elsewhere: Set<String> = ["forbidden", "internal_error", "not_found", "method_not_allowed", "database_unavailable"]
            #expect(Set(ErrorCode.allCases.map(\.rawValue)).subtracting(codesInResponses).subtracting(elsewhere).isEmpty,
                    "codes no operation documents: \(Set(ErrorCode.allCases.map(\.rawValue)).subtracting(codesInResponses))")
        }
    }

    /// Plays through every operation, right and wrong, checking each answer's status and
    /// body against the document, and then that every documented answer was seen.
    @Test func everyAnswerOfAFullFlowFitsTheDocument() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let tooLarge = "{\"x\":\"" + String(repeating: "a", count: 100_000) + "\"}"

            // The service.
            for path in ["/health", "/health/live", "/health/ready"] { #expect(try await api.send(.GET, path).status == 200) }
            #expect(try await api.send(.GET, "/openapi.json").status == 200)
            #expect(try await api.send(.GET, "/v1/variants").status == 200)

            // Registering.
            let alice = try await api.register("alice")
            let bob = try await api.register("bob")
            let carol = try await api.register("carol")
            let register = { (body: String) in try await api.send(.POST, "/v1/accounts", body: body) }
            expectRefused(try await register(#"{"username":"ALICE","email":"a2@example.org","password":"password-a2"}"#), 409, .usernameTaken)
            #expect(try await register(#"{"username":"alice2","email":"Alice@Example.org","password":"password-a2"}"#).status == 201)
            expectRefused(try await register(#"{"username":"a!","email":"a3@example.org","password":"password-a3"}"#), 400, .invalidUsername)
            expectRefused(try await register(#"{"username":"alice3","email":"nope","password":"password-a3"}"#), 400, .invalidEmail)
            expectRefused(try await register(#"{"username":"alice3","email":"a3@example.org","password":"short"}"#), 400, .weakPassword)
            expectRefused(try await register(#"{"username":"alice3","email":"a3@example.org","password":"password-a3","display_name":"  "}"#),
                          400, .invalidDisplayName)
            expectRefused(try await register("{"), 400, .malformedJSON)
            expectRefused(try await register("{}"), 400, .invalidRequest)
            expectRefused(try await register(tooLarge), 413, .payloadTooLarge)

            // Playing as a guest.
            let guests = { (body: String) in try await api.send(.POST, "/v1/guests", body: body) }
            let guest = try await guests("{}")
            #expect(guest.status == 201)
            #expect(try guest.decode(SessionGrant.self).user.username.hasPrefix("guest-"))
            expectRefused(try await guests(#"{"display_name":"  "}"#), 400, .invalidDisplayName)
            expectRefused(try await guests(#"{"display_name":5}"#), 400, .invalidRequest)
            expectRefused(try await guests("{"), 400, .malformedJSON)
            expectRefused(try await guests(tooLarge), 413, .payloadTooLarge)
            let guestToken = try guest.decode(SessionGrant.self).token
            let registerGuest = { (body: String) in
                try await api.send(.POST, "/v1/me/registration", token: guestToken, body: body)
            }
            expectRefused(try await registerGuest(#"{"username":"alice","email":"g@example.org","password":"password-g"}"#),
                          409, .usernameTaken)
            expectRefused(try await registerGuest(#"{"username":"gee","email":"g@guest.invalid","password":"password-g"}"#),
                          400, .invalidEmail)
            expectRefused(try await registerGuest(tooLarge), 413, .payloadTooLarge)
            let registeredGuest = try await registerGuest(#"{"username":"gee","email":"g@example.org","password":"password-g"}"#)
            #expect(try registeredGuest.decode(UserView.self).guest == false)

            // Signing in and out.
            let alicePhone = try await api.signIn("alice")
            let aliceTablet = try await api.signIn("ALICE@example.org", of: "alice")
            let signIn = { (body: String) in try await api.send(.POST, "/v1/sessions", body: body) }
            expectRefused(try await signIn(#"{"login":"alice","password":"wrong-password"}"#), 401, .invalidCredentials)
            expectRefused(try await signIn(#"{"login":"nobody","password":"wrong-password"}"#), 401, .invalidCredentials)
            expectRefused(try await signIn("{"), 400, .malformedJSON)
            expectRefused(try await signIn(#"{"login":"alice"}"#), 400, .invalidRequest)
            expectRefused(try await signIn(tooLarge), 413, .payloadTooLarge)
            var lastGuess: RawHTTP.Answer?
            for _ in 0..<12 { lastGuess = try await signIn(#"{"login":"dave","password":"guess-guess"}"#) }
            expectRefused(try #require(lastGuess), 429, .rateLimited)

            let sessions = try await api.send(.GET, "/v1/sessions", token: alice.token).decode([SessionView].self)
            #expect(Set(sessions.map(\.id)) == [alice.session.id, alicePhone.session.id, aliceTablet.session.id])
            #expect(sessions.filter(\.current).map(\.id) == [alice.session.id])
            let revoke = { (id: String, token: String) in
                try await api.send(.DELETE, "/v1/sessions/{sessionID}", ["sessionID": id], token: token)
            }
            expectRefused(try await revoke("\(bob.session.id)", alice.token), 404, .notFound)
            expectRefused(try await revoke("not-a-session", alice.token), 404, .notFound)
            #expect(try await revoke("\(aliceTablet.session.id)", alice.token).status == 204)
            #expect(try await api.send(.DELETE, "/v1/sessions/current", token: alicePhone.token).status == 204)
            expectRefused(try await api.me(token: alicePhone.token), 401, .unauthorized)
            expectRefused(try await api.me(token: aliceTablet.token), 401, .unauthorized)

            // The account.
            #expect(try await api.me(token: alice.token).decode(UserView.self) == alice.user)
            let rename = { (body: String) in try await api.send(.PATCH, "/v1/me", token: alice.token, body: body) }
            let renamed = try await rename(#"{"display_name":"  Alice A.  "}"#).decode(UserView.self)
            #expect(renamed.displayName == "Alice A.")
            #expect(renamed.previousDisplayNames == ["alice"])
            expectRefused(try await rename(#"{"display_name":""}"#), 400, .invalidDisplayName)
            expectRefused(try await rename("{"), 400, .malformedJSON)
            expectRefused(try await rename(#"{"name":"Al"}"#), 400, .invalidRequest)
            expectRefused(try await rename(tooLarge), 413, .payloadTooLarge)
            let user = { (id: String) in try await api.send(.GET, "/v1/users/{userID}", ["userID": id], token: carol.token) }
            #expect(try await user("\(alice.user.id)").decode(PlayerSummary.self).displayName == "Alice A.")
            expectRefused(try await user("\(UUID())"), 404, .notFound)
            expectRefused(try await user("alice"), 404, .notFound)

            // Creating a game.
            let create = { (body: String) in try await api.send(.POST, "/v1/games", token: alice.token, body: body) }
            expectRefused(try await create(#"{"side":"Z"}"#), 400, .invalidRequest)
            expectRefused(try await create(#"{"side":"X","mode":"computer"}"#), 400, .invalidRequest)
            expectRefused(try await create("{"), 400, .malformedJSON)
            expectRefused(try await create(tooLarge), 413, .payloadTooLarge)
            let open = try await api.createGame(token: alice.token)
            #expect(open.phase == .open && open.listed && open.x?.player?.id == alice.user.id && open.o == nil)

            // Finding it.
            let find = { (reference: String) in try await api.send(.GET, "/v1/games/{gameID}", ["gameID": reference], token: carol.token) }
            #expect(try await find("\(open.id)").decode(GameView.self) == open)
            #expect(try await find(open.code.lowercased()).decode(GameView.self) == open)
            expectRefused(try await find("\(UUID())"), 404, .gameNotFound)
            expectRefused(try await find("nonsense"), 404, .gameNotFound)

            // Before anyone joins.
            expectRefused(try await api.hint(open, token: alice.token), 409, .waitingForOpponent)
            expectRefused(try await api.move(open, cell: 4, token: alice.token), 409, .waitingForOpponent)
            expectRefused(try await api.resign(open, token: alice.token), 409, .waitingForOpponent)
            expectRefused(try await api.join(open, token: alice.token), 409, .alreadySeated)
            // Joining takes the id or the share code, as finding does.
            expectRefused(try await api.send(.POST, "/v1/games/{gameID}/join", ["gameID": "nonsense"], token: bob.token), 404, .gameNotFound)
            expectRefused(try await api.send(.POST, "/v1/games/{gameID}/join", ["gameID": "\(UUID())"], token: bob.token), 404, .gameNotFound)

            // Joining.
            var game = try await api.join(open, token: bob.token).decode(GameView.self)
            #expect(game.phase == .live && game.turn == .x && game.o?.player?.id == bob.user.id)
            expectRefused(try await api.join(open, token: carol.token), 409, .seatTaken)

            // Playing, right and wrong.
            expectRefused(try await api.hint(game, token: alice.token), 409, .hintUnavailable)
            let first = try await api.move(game, cell: 0, token: alice.token)
            game = try first.decode(GameView.self)
            #expect(try await api.move(game, cell: 0, number: 1, token: alice.token).decode(GameView.self) == game)
            expectRefused(try await api.move(game, cell: 4, token: alice.token), 409, .notYourTurn)
            expectRefused(try await api.move(game, cell: 0, token: bob.token), 409, .cellOccupied)
            expectRefused(try await api.move(game, cell: 9, token: bob.token), 400, .noSuchCell)
            let stale = try await api.move(game, cell: 4, number: 7, token: bob.token)
            expectRefused(stale, 409, .staleState)
            #expect(stale.error?.game == game)
            expectRefused(try await api.move(game, cell: 4, token: carol.token), 403, .notAPlayer)
            expectRefused(try await api.resign(game, token: carol.token), 403, .notAPlayer)
            expectRefused(try await api.hint(game, token: carol.token), 403, .notAPlayer)
            for (method, action) in [(HTTPMethod.POST, "moves"), (.POST, "resign"), (.GET, "hint")] {
                for (reference, code) in [("\(UUID())", ErrorCode.gameNotFound), ("nonsense", .notFound)] {
                    let answer = try await api.send(method, "/v1/games/{gameID}/\(action)", ["gameID": reference], token: bob.token,
                                                    body: method == .POST ? #"{"cell":4,"move_number":2}"# : nil)
                    expectRefused(answer, 404, code, "\(action) \(reference)")
                }
            }
            let moves = { (body: String) in
                try await api.send(.POST, "/v1/games/{gameID}/moves", ["gameID": "\(game.id)"], token: bob.token, body: body)
            }
            expectRefused(try await moves(#"{"cell":4}"#), 400, .invalidRequest)
            expectRefused(try await moves("{"), 400, .malformedJSON)
            expectRefused(try await moves(tooLarge), 413, .payloadTooLarge)
            for (cell, player) in [(3, bob), (1, alice), (4, bob), (2, alice)] {
                game = try await api.move(game, cell: cell, token: player.token).decode(GameView.self)
            }
            #expect(game.phase == .finished)
            #expect(game.result?.winner == .x && game.result?.reason == .line)
            #expect(game.result?.line == [0, 1, 2])
            expectRefused(try await api.move(game, cell: 8, token: bob.token), 409, .gameOver)
            expectRefused(try await api.resign(game, token: bob.token), 409, .gameOver)
            let afterwards = try await api.hint(game, token: bob.token).decode(Hint.self)
            #expect(afterwards.evaluations.isEmpty && afterwards.best.isEmpty, "a line ended it: no move is left")

            // Against the computer, which moves first when the user takes O and answers each
            // move in the same request; then resigning.
            var computer = try await api.createGame(#"{"side":"O","mode":"computer","level":"perfect"}"#, token: alice.token)
            #expect(computer.x?.computer == .perfect && computer.moves.count == 1 && computer.turn == .o && !computer.listed)
            let free = try #require(computer.board.emptyCells.first)
            computer = try await api.move(computer, cell: free, token: alice.token).decode(GameView.self)
            #expect(computer.moves.count == 3 && computer.moves.last?.mark == .x && computer.turn == .o)
            #expect(try await api.hint(computer, token: alice.token).decode(Hint.self).evaluations.count == 6)
            let resigned = try await api.resign(computer, token: alice.token).decode(GameView.self)
            #expect(resigned.result?.winner == .x && resigned.result?.reason == .resignation && resigned.result?.line == nil)

            // Pass and play, to a draw.
            var draw = try await api.createGame(#"{"side":"X","mode":"pass_and_play"}"#, token: carol.token)
            for cell in [0, 1, 2, 4, 3, 5, 7, 6, 8] {
                draw = try await api.move(draw, cell: cell, token: carol.token).decode(GameView.self)
            }
            #expect(draw.result?.winner == nil && draw.result?.reason == .draw && draw.result?.line == nil)
            #expect(draw.board.description == "XOXXOOOXX")

            // The lobby's lists and a player's own, a page at a time.
            let waiting = try await api.createGame(#"{"side":"O"}"#, token: carol.token)
            let unlisted = try await api.createGame(#"{"side":"X","listed":false}"#, token: carol.token)
            let watched = try await api.createGame(token: bob.token)
            _ = try await api.join(watched, token: carol.token)
            let page = { (template: String, query: String) in try await api.send(.GET, template, query: query, token: carol.token) }
            #expect(try await page("/v1/games/open", "").decode(GamePage.self).games.map(\.id) == [waiting.id])
            #expect(try await page("/v1/games/live", "?limit=100").decode(GamePage.self).games.map(\.id) == [watched.id])
            var mine: [GameID] = []
            var cursor: String? = nil
            repeat {
                let next = try await page("/v1/me/games", "?limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")).decode(GamePage.self)
                mine += next.games.map(\.id)
                cursor = next.nextCursor
            } while cursor != nil
            // (That no game comes twice is PagingTests' business: on SQLite one sometimes does.)
            #expect(Set(mine) == [draw.id, waiting.id, unlisted.id, watched.id] && mine.first == watched.id)
            // Cancelling an open game, by its creator only, before anyone joins.
            let cancel = { (reference: String, token: String) in
                try await api.send(.POST, "/v1/games/{gameID}/cancel", ["gameID": reference], token: token)
            }
            expectRefused(try await cancel("\(waiting.id)", bob.token), 403, .notAPlayer)
            expectRefused(try await cancel("\(watched.id)", bob.token), 409, .gameStarted)
            expectRefused(try await cancel("\(game.id)", alice.token), 409, .gameOver)
            expectRefused(try await cancel("\(UUID())", carol.token), 404, .gameNotFound)
            expectRefused(try await cancel("nonsense", carol.token), 404, .notFound)
            #expect(try await cancel("\(unlisted.id)", carol.token).decode(GameView.self).result?.reason == .cancelled)
            for template in ["/v1/games/open", "/v1/games/live", "/v1/me/games"] {
                for query in ["?limit=0", "?limit=101", "?limit=ten", "?cursor=bogus", "?cursor=\(UUID())"] {
                    expectRefused(try await page(template, query), 400, .invalidRequest, "\(template)\(query)")
                }
            }

            // The socket's refusals; its upgrade is the realtime tests' business.
            expectRefused(try await api.send(.GET, "/v1/socket", token: alice.token), 400, .invalidRequest)
            expectRefused(try await api.socketHandshake(), 401, .unauthorized)

            // Playing together. Bob and Carol have a client connected; Dave will not.
            var sockets: [RealtimeConnection] = []
            for grant in [bob, carol] {
                let client = OXOClient(baseURL: URL(string: server.baseURL)!, token: grant.token)
                let live = try await client.connect(following: [.user(grant.user.id)])
                _ = try await live.updates { if case .snapshot = $0 { true } else { false } }
                sockets.append(live)
            }
            let online = try await api.send(.GET, "/v1/players/online", token: alice.token).decode(OnlinePlayers.self)
            #expect(online.players.map(\.player.username) == ["bob", "carol"])
            let series = { (id: String) in try await api.send(.GET, "/v1/players/{userID}/series", ["userID": id], token: alice.token) }
            let score = try await series("\(bob.user.id)").decode(Series.self)
            #expect((score.wins, score.losses, score.draws) == (1, 0, 0), "Alice won their one game by a line")
            expectRefused(try await series("\(UUID())"), 404, .playerNotFound)
            expectRefused(try await series("bob"), 404, .notFound)

            // Challenges: made, refused, seen, accepted, declined, cancelled, and answered too late.
            let dave = try await api.register("dave")
            let challenge = { (body: String) in try await api.send(.POST, "/v1/challenges", token: alice.token, body: body) }
            expectRefused(try await challenge("{"), 400, .malformedJSON)
            expectRefused(try await challenge(#"{"opponent":"\#(alice.user.id)"}"#), 400, .invalidRequest)
            expectRefused(try await challenge(#"{"opponent":"\#(UUID())"}"#), 404, .playerNotFound)
            expectRefused(try await challenge(#"{"opponent":"\#(dave.user.id)"}"#), 409, .playerOffline)
            expectRefused(try await challenge(tooLarge), 413, .payloadTooLarge)
            let made = try await challenge(#"{"opponent":"\#(bob.user.id)","side":"O"}"#)
            #expect(made.status == 201)
            let asked = try made.decode(Challenge.self)
            expectRefused(try await challenge(#"{"opponent":"\#(bob.user.id)"}"#), 409, .challengePending)
            #expect(try await api.send(.GET, "/v1/challenges", token: bob.token).decode(ChallengeList.self).challenges == [asked])
            let answer = { (id: String, action: String, token: String) in
                try await api.send(.POST, "/v1/challenges/{challengeID}/\(action)", ["challengeID": id], token: token)
            }
            let actions = ["seen", "accept", "decline", "cancel"]
            for action in actions {
                expectRefused(try await answer("\(asked.id)", action, carol.token), 404, .challengeNotFound, action)
                expectRefused(try await answer("nonsense", action, bob.token), 404, .notFound, action)
                expectRefused(try await answer("\(asked.id)", action, action == "cancel" ? bob.token : alice.token), 403, .forbidden, action)
            }
            #expect(try await answer("\(asked.id)", "seen", bob.token).decode(Challenge.self).seen)
            let accepted = try await answer("\(asked.id)", "accept", bob.token).decode(Challenge.self)
            #expect(accepted.state == .accepted && accepted.game != nil)
            for action in actions {
                expectRefused(try await answer("\(asked.id)", action, action == "cancel" ? alice.token : bob.token), 409, .challengeClosed, action)
            }
            let toDecline = try await challenge(#"{"opponent":"\#(carol.user.id)"}"#).decode(Challenge.self)
            #expect(try await answer("\(toDecline.id)", "decline", carol.token).decode(Challenge.self).state == .declined)
            let toCancel = try await challenge(#"{"opponent":"\#(carol.user.id)"}"#).decode(Challenge.self)
            #expect(try await answer("\(toCancel.id)", "cancel", alice.token).decode(Challenge.self).state == .cancelled)

            // Play random: Carol waits (her own open game is not for her), Bob is seated in it.
            let random = { (method: HTTPMethod, token: String) in try await api.send(method, "/v1/matchmaking", token: token) }
            #expect(try await random(.POST, carol.token).decode(MatchmakingStatus.self).state == .waiting)
            #expect(try await random(.GET, carol.token).decode(MatchmakingStatus.self).state == .waiting)
            let paired = try await random(.POST, bob.token).decode(MatchmakingStatus.self)
            #expect(paired.state == .matched && paired.game?.id == waiting.id)
            #expect(try await random(.DELETE, carol.token).decode(MatchmakingStatus.self).state == .idle)

            // A rematch of the first game, and a claim nobody may make yet.
            let rematch = { (id: String, token: String) in try await api.send(.POST, "/v1/games/{gameID}/rematch", ["gameID": id], token: token) }
            expectRefused(try await rematch("\(watched.id)", bob.token), 409, .rematchUnavailable)
            expectRefused(try await rematch("\(game.id)", carol.token), 403, .notAPlayer)
            expectRefused(try await rematch("\(UUID())", bob.token), 404, .gameNotFound)
            expectRefused(try await rematch("nonsense", bob.token), 404, .notFound)
            #expect(try await rematch("\(game.id)", alice.token).decode(GameView.self).rematch?.offeredBy == [.x])
            #expect(try await rematch("\(game.id)", bob.token).decode(GameView.self).rematch?.game != nil)
            let claim = { (id: String, token: String) in try await api.send(.POST, "/v1/games/{gameID}/claim", ["gameID": id], token: token) }
            expectRefused(try await claim("\(watched.id)", bob.token), 409, .opponentPresent)
            expectRefused(try await claim("\(watched.id)", alice.token), 403, .notAPlayer)
            expectRefused(try await claim("\(UUID())", bob.token), 404, .gameNotFound)
            expectRefused(try await claim("nonsense", bob.token), 404, .notFound)
            // Profiles and the leaderboard: Alice beat Bob by a line in their first game.
            let profile = { (id: String) in try await api.send(.GET, "/v1/users/{userID}/profile", ["userID": id], token: alice.token) }
            let bobsProfile = try await profile("\(bob.user.id)").decode(Profile.self)
            #expect(bobsProfile.record.lost >= 1 && bobsProfile.online && bobsProfile.series?.wins == 1)
            expectRefused(try await profile("\(UUID())"), 404, .playerNotFound)
            expectRefused(try await profile("bob"), 404, .notFound)
            #expect(try await api.send(.GET, "/v1/me/profile", token: alice.token).decode(Profile.self).record.won >= 1)
            let board = try await api.send(.GET, "/v1/leaderboard", query: "?by=weekly_wins", token: bob.token).decode(LeaderboardPage.self)
            #expect(board.order == .weeklyWins && !board.rows.isEmpty)
            expectRefused(try await api.send(.GET, "/v1/leaderboard", query: "?by=elo", token: bob.token), 400, .invalidRequest)
            for live in sockets { await live.close() }

            // History: Alice's finished games, a finished game's replay and notation; a game
            // still being played has neither.
            let history = { (id: String, query: String) in
                try await api.send(.GET, "/v1/users/{userID}/games/finished", ["userID": id], query: query, token: carol.token)
            }
            #expect(try await history("\(alice.user.id)", "?limit=5").decode(FinishedGamePage.self).games.contains { $0.id == game.id })
            expectRefused(try await history("\(alice.user.id)", "?limit=0"), 400, .invalidRequest)
            expectRefused(try await history("\(UUID())", ""), 404, .playerNotFound)
            for route in ["replay", "notation"] {
                let read = { (id: String) in try await api.send(.GET, "/v1/games/{gameID}/\(route)", ["gameID": id], token: carol.token) }
                #expect(try await read("\(game.id)").status == 200)
                expectRefused(try await read("\(watched.id)"), 409, .gameNotFinished)
                expectRefused(try await read("\(UUID())"), 404, .gameNotFound)
            }

            // Every documented answer was seen, except those other tests cover.
            let elsewhere: Set<String> = [
                "GET /v1/socket 101",  // the realtime tests connect for real
                "GET /v1/socket 403",  // SocketOriginTests configure an origin
                "GET /v1/socket 429",  // SocketLimitTests lower the sockets per user
                "POST /v1/accounts 429",  // AccountTests lower the registration limit
                "POST /v1/guests 429",  // the same limit
                "POST /v1/matchmaking 400",  // MatchmakingTimeControlTests: controls out of bounds
                "POST /v1/matchmaking 403",  // PlayerBotTests: a player's bot is not offered Play random
                "POST /v1/matchmaking 429", "POST /v1/challenges/{challengeID}/accept 429",  // PlayerBotTests: a bot at its limit
                "POST /v1/games/{gameID}/claim 200",  // AwayTests, on a clock they move past the grace period
                "POST /v1/challenges 429",  // ChallengeTests lower the limit of waiting challenges
                "POST /v1/challenges 403",  // SocialAuthorisationTests: a player who was blocked
                "GET /v1/games/{gameID} 429", "POST /v1/games/{gameID}/join 429",  // ShareCodeLimitTests lower the limit
                "POST /v1/games/{gameID}/join 403",  // BlocksInGamesTests: the game of a player who was blocked
                "GET /health/ready 503",  // StorageTroubleTests take the data file away
                "POST /v1/sessions 403",  // ModerationTests suspend an account
                "GET /metrics 200", "GET /metrics 401", "GET /metrics 429",  // MetricsTests, through a proxy too
                // MediaTests: every refused upload, the photos served, cached and missing, the stock avatar.
                "PUT /v1/me/avatar 200", "PUT /v1/me/avatar 400", "PUT /v1/me/avatar 413", "PUT /v1/me/avatar 415",
                "PUT /v1/me/avatar 422", "PUT /v1/me/avatar 429", "DELETE /v1/me/avatar 200",
                "GET /v1/media/{address} 200", "GET /v1/media/{address} 304", "GET /v1/media/{address} 404",
                "GET /v1/avatars/stock.svg 200", "GET /v1/avatars/stock.svg 400",
            ]
            // Friends, follows, blocks and notifications: SocialAuthorisationTests; chat: ChatAuthorisationTests;
            // moderation: ModerationTests; the catalogue: CatalogueRouteTests; bots' accounts: BotAccountTests; the test clock: TestClockRouteTests;
            // passwords and mailed links: Tests/…/Mail; push subscriptions: PushSubscriptionTests.
            let documented = Set(api.spec.operations.filter {
                !SocialAuthorisationTests.isSocial($0, in: api.spec) && !ChatAuthorisationTests.isChat($0, in: api.spec)
                    && !PasswordResetTests.isPasswordOrMail($0) && !PushSubscriptionTests.isPush($0) && !TwoStepDocumentTests.isTwoStep($0)
                    && !AccessTokenDocumentTests.isAccessTokens($0) && !StreamDocumentTests.isStreamsOrBots($0)
                    && !TournamentDocumentTests.isTournament($0)
                    && !ModerationTests.isModeration($0, in: api.spec) && !CatalogueRouteTests.isCatalogue($0, in: api.spec)
                    && $0 != BotAccountTests.creation && $0 != TestClockRouteTests.operation
            }.flatMap { operation in
                (api.spec.definition(of: operation)?["responses"]?.object ?? [:]).keys.map { "\(operation) \($0)" }
            })
            let protected = Set(api.spec.operations.filter { !api.spec.isPublic($0) }.map { "\($0) 401" })
            let seen = Set(api.transcript.map { "\($0.operation) \($0.answer.status)" })
            let unseen = documented.subtracting(seen).subtracting(elsewhere).subtracting(protected)
                .subtracting(AccountDataDocumentTests.operations).subtracting(TwoStepDocumentTests.elsewhere)
            #expect(unseen.isEmpty, "documented but never seen: \(unseen.sorted())")
        }
    }

    @Test func aPlainRequestToTheSocketAddressIsRefused() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            // A signed-in GET without the WebSocket handshake is refused, not switched.
            expectRefused(try await api.send(.GET, "/v1/socket", token: alice.token), 400, .invalidRequest)
            expectRefused(try await api.send(.GET, "/v1/socket", query: "?token=\(alice.token)"), 400, .invalidRequest)
        }
    }

    /// As bearerAuth says: the token in the address is for the socket only.
    @Test func restTakesTheTokenFromTheHeaderOnly() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            expectRefused(try await api.send(.GET, "/v1/me", query: "?token=\(alice.token)"), 401, .unauthorized)
            #expect(try await api.me(token: alice.token).status == 200)
        }
    }

    @Test func aGameIsJoinedByItsShareCodeAsTheREADMEShows() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob")
            let open = try await api.createGame(token: alice.token)
            let joined = try await api.send(.POST, "/v1/games/{gameID}/join", ["gameID": open.code.lowercased()], token: bob.token)
                .decode(GameView.self)
            #expect(joined.id == open.id && joined.phase == .live && joined.o?.player?.id == bob.user.id)
        }
    }

    @Test func aNumberOfTheWrongKindIsAnInvalidRequest() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let game = try await api.createGame(token: alice.token)
            for body in [#"{"cell":4,"move_number":1.5}"#, #"{"cell":99999999999999999999,"move_number":1}"#] {
                let answer = try await api.send(.POST, "/v1/games/{gameID}/moves", ["gameID": "\(game.id)"], token: alice.token, body: body)
                expectRefused(answer, 400, .invalidRequest, body)
            }
        }
    }
}
