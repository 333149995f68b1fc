import Foundation
import NIOHTTP1
import OXOProtocol
import Testing

@Suite("Bad input gets a clear error, never a 500")
struct BadInputTests {
    @Test func malformedAndMistypedBodiesAreRefusedWithStableCodes() async throws {
        try await withServer { server in
            let http = RawHTTP(baseURL: server.baseURL)
            let token = try await http.register("alice")
            let cases: [(String, String, String, Int, ErrorCode)] = [
                ("POST", "/v1/accounts", "{\"username\":", 400, .malformedJSON),
                ("POST", "/v1/accounts", "", 400, .malformedJSON),
                ("POST", "/v1/accounts", "[1,2,3]", 400, .invalidRequest),
                ("POST", "/v1/accounts", #"{"username":5,"email":"a@b.cd","password":"password1"}"#, 400, .invalidRequest),
                ("POST", "/v1/accounts", #"{"email":"a@b.cd","password":"password1"}"#, 400, .invalidRequest),
                ("POST", "/v1/games", #"{"side":"Z"}"#, 400, .invalidRequest),
                ("POST", "/v1/games", #"{"side":"X","mode":"computer"}"#, 400, .invalidRequest),
                ("POST", "/v1/games", #"{"side":"X","mode":"computer","level":"godlike"}"#, 400, .invalidRequest),
                ("GET", "/v1/games/not-a-game", "", 404, .gameNotFound),
                ("GET", "/v1/games/\(UUID())", "", 404, .gameNotFound),
                ("POST", "/v1/games/\(UUID())/join", "", 404, .gameNotFound),
                ("POST", "/v1/games/nonsense/moves", #"{"cell":1,"move_number":1}"#, 404, .notFound),
                ("GET", "/v1/games/open?limit=0", "", 400, .invalidRequest),
                ("GET", "/v1/games/open?limit=many", "", 400, .invalidRequest),
                ("GET", "/v1/games/open?cursor=bogus", "", 400, .invalidRequest),
                ("GET", "/v1/nothing/here", "", 404, .notFound),
                ("PATCH", "/v1/me", #"{"display_name":"   "}"#, 400, .invalidDisplayName),
            ]
            for (method, path, body, status, code) in cases {
                let answer = try await http.send(HTTPMethod(rawValue: method), path, token: token, body: body.isEmpty ? nil : body)
                #expect(answer.status == status, "\(method) \(path) \(body)")
                #expect(answer.error?.code == code, "\(method) \(path) \(body): \(String(decoding: answer.body, as: UTF8.self))")
            }
        }
    }

    @Test func hugeBodiesAreRefused() async throws {
        try await withServer { server in
            let http = RawHTTP(baseURL: server.baseURL)
            let answer = try await http.send(.POST, "/v1/accounts", bytes: 1 << 20)
            #expect(answer.status == 413)
            #expect(answer.error?.code == .payloadTooLarge)
            // The server is still there and answers the next request.
            #expect(try await http.send(.GET, "/health").status == 200)
        }
    }

    @Test func aKnownAddressWithAnotherMethodSaysWhichMethodsItTakes() async throws {
        try await withServer { server in
            let http = RawHTTP(baseURL: server.baseURL)
            let token = try await http.register("alice")
            let cases: [(HTTPMethod, String, String)] = [
                (.DELETE, "/v1/games/open", "GET, HEAD"),
                (.TRACE, "/v1/me", "DELETE, GET, HEAD, PATCH"),
                (.PUT, "/v1/games/\(UUID())/moves", "POST"),
                (.GET, "/v1/accounts", "POST"),
            ]
            for (method, path, allowed) in cases {
                let answer = try await http.send(method, path, token: token)
                #expect(answer.status == 405, "\(method) \(path)")
                #expect(answer.error?.code == .methodNotAllowed, "\(method) \(path)")
                #expect(answer.headers.first(name: "Allow") == allowed, "\(method) \(path)")
            }
            let unknown = try await http.send(.TRACE, "/v1/nothing/here", token: token)
            #expect(unknown.status == 404)
        }
    }

    @Test func aSocketMessageThatCannotBeReadIsAnsweredWithItsIdInWordsForPeople() async throws {
        try await withServer(adjust: { $0.socketPingInterval = 60 }) { server in
            let token = try await RawHTTP(baseURL: server.baseURL).register("alice")
            let socket = try await SilentSocket(port: server.port, path: "/v1/socket", token: token)
            defer { socket.close() }
            let sent: [(String, String?, ErrorCode, String?)] = [
                (#"{"type":"dance","id":"7"}"#, "7", .invalidRequest,
                 "Unknown message type 'dance'; expected subscribe, unsubscribe, move or ping."),
                (#"{"id":"8"}"#, "8", .invalidRequest, "A message needs a 'type': subscribe, unsubscribe, move or ping."),
                (#"{"type":"move","id":"9","cell":4}"#, "9", .invalidRequest, nil),
                (#"{"type":"subscribe","id":10,"topic":"lobby"}"#, nil, .invalidRequest, nil),
                (#"{"type":"subscribe","id":"11","topic":"game:\#(UUID())"}"#, "11", .gameNotFound, nil),
                ("not json", nil, .malformedJSON, nil),
            ]
            for (text, _, _, _) in sent { try socket.send(text) }
            let answers = await socket.texts(1 + sent.count).dropFirst().map {
                try? Wire.decoder.decode(ServerMessage.self, from: Data($0.payload))
            }
            #expect(answers.count == sent.count)
            for ((text, id, code, message), answer) in zip(sent, answers) {
                guard case .error(let answeredID, let error, _) = answer else {
                    Issue.record("\(text) was answered with \(String(describing: answer))")
                    continue
                }
                #expect(answeredID == id, "\(text)")
                #expect(error.code == code, "\(text)")
                if let message { #expect(error.message == message, "\(text)") }
                #expect(!error.message.contains("Kind") && !error.message.contains("CodingKeys"), "\(text): \(error.message)")
            }
        }
    }

    @Test func aMessageNamesTheFieldThatIsWrong() async throws {
        try await withServer { server in
            let http = RawHTTP(baseURL: server.baseURL)
            let token = try await http.register("alice")
            let game = try await http.send(.POST, "/v1/games", token: token, body: #"{"side":"X"}"#).decode(GameView.self)
            let answer = try await http.send(.POST, "/v1/games/\(game.id)/moves", token: token, body: #"{"cell":4}"#)
            #expect(answer.error?.message == "'move_number' is missing.")
        }
    }
}
