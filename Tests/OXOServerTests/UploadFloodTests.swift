import Foundation
import OXOProtocol
@testable import OXOCore
@testable import OXOAccounts
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer
import Testing

/// Uploads sent to take the server down: each is refused before it costs much, and the
/// players around keep playing.
@Suite("Uploads sent to take the server down")
struct UploadFloodTests {
    /// 37,000 empty parts in 1.5 MB: the form that cost 12.8 s of CPU when forms were
    /// parsed whole.
    static func formBomb() -> (Data, String) {
        let boundary = "bomb0123456789abcdef0123456789ab"
        let body = String(repeating: "--\(boundary)\r\n\r\n\r\n", count: 37_000) + "--\(boundary)--\r\n"
        return (Data(body.utf8), "multipart/form-data; boundary=\(boundary)")
    }

    @Test func formBombsAreRefusedWhileAnotherGameIsPlayedToItsEnd() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let mallory = try await api.register("mallory")
            let alice = try await api.register("alice"), bob = try await api.register("bob")
            let (bomb, type) = Self.formBomb()
            async let bombs = concurrently(Array(0..<4)) { _ in
                try await api.send(.PUT, "/v1/me/avatar", token: mallory.token, data: bomb, headers: [("Content-Type", type)])
            }
            let game = try await HistoryTests.play(HistoryTests.edgeReplyLoses, x: alice, o: bob, api: api)
            #expect(game.phase == .finished)
            for answer in try await bombs.map({ try $0.get() }) where answer.status != 429 {
                // Two at once per user are read; the others wait for nothing and are told so.
                expectRefused(answer, 400, .invalidRequest)
            }
        }
    }

    @Test func aUserWithNoUploadLeftIsRefusedBeforeTheFormIsRead() async throws {
        try await withServer(adjust: { $0.uploadLimit = 1 }) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            #expect(try await api.putAvatar(TestImages.png(), token: alice.token).status == 200)
            let (bomb, type) = Self.formBomb()
            let refused = try await api.send(.PUT, "/v1/me/avatar", token: alice.token, data: bomb, headers: [("Content-Type", type)])
            expectRefused(refused, 429, .rateLimited)
            let photo = try await api.send(.POST, "/v1/chat/photos", token: alice.token, data: Data(TestImages.gif()),
                                           headers: [("Content-Type", "image/gif")])
            expectRefused(photo, 429, .rateLimited)
        }
    }

    @Test func aDeclaredLengthOverTheLimitIsRefusedBeforeTheBodyIsRead() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let head = HeldUpload.head(path: "/v1/chat/photos", port: server.port, token: alice.token,
                                       length: UploadBody.maxBytes + 1)
            // Vapor calls a streaming route once the first bytes of its body arrive.
            let upload = try await HeldUpload(port: server.port, sending: head + Array("\u{89}PNG".utf8))
            let answer = try await upload.answer()
            #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer)")
            #expect(answer.contains("image_too_large"))
        }
    }

    /// Uploads held open with their last byte missing: only two per user, and (here) three
    /// in all, are read at once; the rest are refused without their bodies being read.
    @Test func heldUploadsAreBoundedPerUserAndInAll() async throws {
        try await withServer(adjust: { $0.uploadsInFlight = 3 }) { server in
            let api = try await DocumentedClient.of(server)
            let mallory = try await api.register("mallory"), trudy = try await api.register("trudy")
            let alice = try await api.register("alice")
            @Sendable func hold(_ token: String) async throws -> HeldUpload {
                try await HeldUpload(port: server.port, sending: HeldUpload.head(path: "/v1/chat/photos", port: server.port,
                                                                                 token: token, length: 100_000)
                                     + [UInt8](repeating: 0, count: 99_999))
            }
            @Sendable func reading(_ count: Int) async throws {
                try await within { while server.app.oxo[UploadsInFlight.self].reading < count { try await Task.sleep(for: .milliseconds(10)) } }
            }
            let first = try await hold(mallory.token), second = try await hold(mallory.token)
            try await reading(2)
            let refused = try await concurrently(0..<3) { _ in try await hold(mallory.token).answer() }.map { try $0.get() }
            #expect(refused.allSatisfy { $0.hasPrefix("HTTP/1.1 429") && $0.contains("rate_limited") }, "\(refused)")
            // Mallory's two and one of Trudy's fill the server's three; Alice waits her turn.
            let trudys = try await hold(trudy.token)
            try await reading(3)
            let full = try await hold(alice.token).answer()
            #expect(full.hasPrefix("HTTP/1.1 429"), "\(full)")
            // Mallory's first, finished, is answered; then Alice has room.
            try await first.finish()
            #expect(try await first.answer().hasPrefix("HTTP/1.1 415"), "the zeros are no image")
            let photo = try await api.send(.POST, "/v1/chat/photos", token: alice.token, data: Data(TestImages.gif()),
                                           headers: [("Content-Type", "image/gif")])
            #expect(photo.status == 201)
            withExtendedLifetime((second, trudys)) {}
        }
    }
}
