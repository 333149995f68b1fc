import Crypto
import Foundation
import NIOHTTP1
import OXOClient
import OXOProtocol
@testable import OXOCore
@testable import OXOAccounts
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer
import Testing

/// Photos and avatars over real HTTP, each answer checked against the OpenAPI document.
@Suite("Photos and avatars")
struct MediaTests {
    static func hash(_ bytes: [UInt8]) -> String { SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined() }

    /// The address at the end of a photo's URL.
    static func address(_ url: String) -> [String: String] {
        #expect(url.hasPrefix("/v1/media/"))
        return ["address": String(url.dropFirst("/v1/media/".count))]
    }

    /// A form as a browser sends it: the part's file name and type are the sender's claims.
    static func form(_ bytes: [UInt8], field: String = "file", filename: String, type: String) -> (Data, String) {
        let boundary = "----oxo\(UUID().uuidString)"
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"; filename=\"\(filename)\"\r\n".utf8)
        body += Data("Content-Type: \(type)\r\n\r\n".utf8) + Data(bytes) + Data("\r\n--\(boundary)--\r\n".utf8)
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    @Test func everyBadUploadIsRefusedWithItsCodeAndStoresNothing() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let renamed = Self.form(TestImages.text, filename: "holiday.png", type: "image/png")
            var threeMegabytes = TestImages.png(width: 100, height: 100)
            threeMegabytes.insert(contentsOf: [UInt8](repeating: 0, count: 3 * 1024 * 1024), at: 33)
            let cases: [(String, RawHTTP.Answer, Int, ErrorCode)] = [
                ("a text file", try await api.putAvatar(TestImages.text, token: alice.token), 415, .unsupportedImage),
                ("a text file named .png", try await api.send(.PUT, "/v1/me/avatar", token: alice.token, data: renamed.0,
                                                             headers: [("Content-Type", renamed.1)]), 415, .unsupportedImage),
                ("an SVG", try await api.putAvatar(TestImages.svg, token: alice.token, type: "image/svg+xml"), 415, .unsupportedImage),
                ("HTML", try await api.putAvatar(TestImages.html, token: alice.token, type: "image/png"), 415, .unsupportedImage),
                ("nothing", try await api.putAvatar([], token: alice.token), 415, .unsupportedImage),
                ("a truncated PNG", try await api.putAvatar(Array(TestImages.png().prefix(40)), token: alice.token), 422, .imageCorrupt),
                ("a PNG header alone", try await api.putAvatar(Array(TestImages.png().prefix(20)), token: alice.token), 422, .imageCorrupt),
                ("100,000 × 100,000", try await api.putAvatar(TestImages.png(width: 100_000, height: 100_000), token: alice.token),
                 422, .imageDimensionsTooLarge),
                ("4097 wide", try await api.putAvatar(TestImages.gif(width: 4097, height: 1), token: alice.token), 422, .imageDimensionsTooLarge),
                ("3 MB", try await api.putAvatar(threeMegabytes, token: alice.token), 413, .imageTooLarge),
                ("a form without the file", try await api.send(.PUT, "/v1/me/avatar", token: alice.token,
                                                               data: Self.form(TestImages.png(), field: "photo", filename: "a.png", type: "image/png").0,
                                                               headers: [("Content-Type", Self.form([], filename: "", type: "").1)]),
                 400, .invalidRequest),
            ]
            for (what, answer, status, code) in cases {
                expectRefused(answer, status, code, what)
            }
            #expect(try await server.count("media") == 0)
            let me = try await api.me(token: alice.token).decode(UserView.self)
            #expect(me.avatar.hasPrefix(StockAvatar.path))
        }
    }

    @Test func aFormWithABytePast127InAHeaderNameIsRefusedAndTheServerStaysUp() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let boundary = "9120db3b192fd3741a543fb80e3b6e86"
            // What the schema fuzzer sent: the parser reads "T\u{F2}…" as a header name.
            let bodies: [[UInt8]] = [
                Array("--\(boundary)\r\nT".utf8) + [0xF2, 0xAA, 0xB2, 0xBA] + Array("--\(boundary)--\r\n".utf8),
                Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"\r\nX-".utf8) + [0xC3, 0xA9]
                    + Array(": 1\r\n\r\nabc\r\n--\(boundary)--\r\n".utf8),
            ]
            for body in bodies {
                let answer = try await api.send(.PUT, "/v1/me/avatar", token: alice.token, data: Data(body),
                                                headers: [("Content-Type", "multipart/form-data; boundary=\(boundary)")])
                expectRefused(answer, 400, .invalidRequest)
            }
            #expect(try await api.send(.GET, "/health/live").status == 200)
            // A name with UTF-8 in a header's value, as browsers send file names, is fine.
            let named = Self.form(TestImages.png(), filename: "été.png", type: "image/png")
            #expect(try await api.send(.PUT, "/v1/me/avatar", token: alice.token, data: named.0,
                                       headers: [("Content-Type", named.1)]).status == 200)
        }
    }

    @Test func eachFormatIsStoredOnceAndServedWithItsOwnTypeAndCachedForEver() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob")
            let images: [([UInt8], String)] = [
                (TestImages.png(width: 4096, height: 4096), "image/png"), (TestImages.jpeg(), "image/jpeg"),
                (TestImages.webp(.lossy), "image/webp"), (TestImages.webp(.extended), "image/webp"), (TestImages.gif(), "image/gif"),
            ]
            for (bytes, type) in images {
                // Declared as something else: the bytes decide.
                let set = try await api.putAvatar(bytes, token: alice.token, type: "application/octet-stream")
                let user = try set.decode(UserView.self)
                // An address of its own, not the content's hash.
                #expect(MediaRules.isAddress(Self.address(user.avatar)["address"]!) && !user.avatar.hasSuffix(Self.hash(bytes)))
                let served = try await api.send(.GET, "/v1/media/{address}", Self.address(user.avatar))
                #expect(served.status == 200 && served.body == Data(bytes))
                #expect(served.headers.first(name: "Content-Type") == type)
                #expect(served.headers.first(name: "X-Content-Type-Options") == "nosniff")
                #expect(served.headers.first(name: "Cache-Control") == "public, max-age=31536000, immutable")
                #expect(served.headers.first(name: "Content-Security-Policy") == MediaRoutes.contentSecurityPolicy)
                let etag = try #require(served.headers.first(name: "ETag"))
                let again = try await api.send(.GET, "/v1/media/{address}", Self.address(user.avatar), headers: [("If-None-Match", etag)])
                #expect(again.status == 304 && again.body.isEmpty)
                let other = try await api.send(.GET, "/v1/media/{address}", Self.address(user.avatar), headers: [("If-None-Match", "\"x\"")])
                #expect(other.status == 200)
            }
            #expect(try await server.count("media") == images.count)
            // The same photo from someone else, and as a form: still one row each.
            let (form, type) = Self.form(TestImages.gif(), filename: "cat.txt", type: "text/plain")
            let bobs = try await api.send(.PUT, "/v1/me/avatar", token: bob.token, data: form, headers: [("Content-Type", type)])
            let bobsAvatar = try bobs.decode(UserView.self).avatar
            #expect(try await api.send(.GET, "/v1/media/{address}", Self.address(bobsAvatar)).body == Data(TestImages.gif()))
            #expect(try await server.count("media") == images.count)
            // Nobody can ask whether a picture they hold was uploaded: its hash is no address.
            expectRefused(try await api.send(.GET, "/v1/media/{address}", ["address": Self.hash(TestImages.gif())]), 404, .notFound)
            expectRefused(try await api.send(.GET, "/v1/media/{address}", ["address": Self.hash([1, 2, 3])]), 404, .notFound)
            expectRefused(try await api.send(.GET, "/v1/media/{address}", ["address": "not-a-hash"]), 404, .notFound)
            expectRefused(try await api.send(.GET, "/v1/media/{address}", ["address": Self.address(bobsAvatar)["address"]!.uppercased()]),
                          404, .notFound)
        }
    }

    /// Only the upload route takes a large body; a large JSON body anywhere else is still
    /// refused at 16 KiB.
    @Test func onlyTheUploadRouteTakesALargeBody() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let big = "{\"display_name\":\"" + String(repeating: "a", count: 1_500_000) + "\"}"
            expectRefused(try await api.send(.PATCH, "/v1/me", token: alice.token, body: big), 413, .payloadTooLarge)
            expectRefused(try await api.send(.POST, "/v1/games", token: alice.token, body: big), 413, .payloadTooLarge)
            var large = TestImages.png(width: 1000, height: 1000)
            large.insert(contentsOf: [UInt8](repeating: 7, count: MediaRules.maxBytes - large.count), at: 33)
            #expect(large.count == MediaRules.maxBytes)
            #expect(try await api.putAvatar(large, token: alice.token).status == 200)
        }
    }

    /// Photos are content: replacing or removing one never breaks an address another
    /// row (or a page showing an old copy) still uses.
    @Test func oldAddressesKeepWorkingWhenPhotosChangeOrGo() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob")
            let photo = try await api.putAvatar(TestImages.png(), token: alice.token).decode(UserView.self).avatar
            let bobs = try await api.putAvatar(TestImages.gif(), token: bob.token).decode(UserView.self).avatar
            // Bob removing his photo leaves Alice's alone, and his old address still serves.
            let stock = try await api.send(.DELETE, "/v1/me/avatar", token: bob.token).decode(UserView.self)
            #expect(stock.avatar == StockAvatar.url(name: "bob", seed: "bob"))
            #expect(try await api.me(token: alice.token).decode(UserView.self).avatar == photo)
            #expect(try await api.send(.GET, "/v1/media/{address}", Self.address(bobs)).status == 200)
            // Alice uploads Bob's old photo, then goes back to stock: every address still works.
            let alices = try await api.putAvatar(TestImages.gif(), token: alice.token).decode(UserView.self).avatar
            #expect(alices != bobs, "each upload has its own address")
            _ = try await api.send(.DELETE, "/v1/me/avatar", token: alice.token)
            for address in [photo, bobs, alices] {
                #expect(try await api.send(.GET, "/v1/media/{address}", Self.address(address)).status == 200)
            }
            #expect(try await server.count("media") == 2)
        }
    }

    @Test func uploadsAreLimitedPerUser() async throws {
        try await withServer(adjust: { $0.uploadLimit = 2 }) { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob")
            #expect(try await api.putAvatar(TestImages.png(), token: alice.token).status == 200)
            #expect(try await api.putAvatar(TestImages.gif(), token: alice.token).status == 200)
            let third = try await api.putAvatar(TestImages.jpeg(), token: alice.token)
            expectRefused(third, 429, .rateLimited)
            #expect(third.headers.first(name: "Retry-After") != nil)
            #expect(try await api.putAvatar(TestImages.jpeg(), token: bob.token).status == 200, "the limit is per user")
        }
    }

    @Test func theStockAvatarIsDrawnFromTheNameWhichStaysText() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let name = "<img src=x onerror=alert(1)>"
            let grant = try await api.send(.POST, "/v1/accounts", body: """
                {"username":"mallory","email":"m@example.org","password":"password-m","display_name":"\(name)"}
                """).decode(SessionGrant.self)
            let avatar = grant.user.avatar
            #expect(avatar.hasPrefix(StockAvatar.path + "?"))
            let query = String(avatar.dropFirst(StockAvatar.path.count))
            let drawn = try await api.send(.GET, "/v1/avatars/stock.svg", query: query)
            let svg = String(decoding: drawn.body, as: UTF8.self)
            #expect(drawn.status == 200 && drawn.headers.first(name: "Content-Type")?.hasPrefix("image/svg+xml") == true)
            #expect(drawn.headers.first(name: "X-Content-Type-Options") == "nosniff")
            #expect(drawn.headers.first(name: "Content-Security-Policy") == MediaRoutes.contentSecurityPolicy)
            #expect(svg.contains("<title>&lt;img src=x onerror=alert(1)&gt;</title>"))
            #expect(!svg.contains("<img") && !svg.contains("onerror=alert(1)>") && !svg.contains("<script"))
            #expect(svg.contains(">&lt;O</text>"), "the initials of the first and last words, escaped")
            // The same every time, and another name's colour differs.
            #expect(try await api.send(.GET, "/v1/avatars/stock.svg", query: query).body == drawn.body)
            #expect(StockAvatar.svg(name: "Ada Lovelace", seed: "ada").contains(">AL</text>"))
            #expect(StockAvatar.hue(of: "ada") != StockAvatar.hue(of: "bob"))
            for bad in ["", "?seed=a", "?name=&seed=a", "?name=a", "?name=\(String(repeating: "a", count: 101))&seed=a"] {
                expectRefused(try await api.send(.GET, "/v1/avatars/stock.svg", query: bad), 400, .invalidRequest, bad)
            }
        }
    }

    /// A photo follows its player everywhere a PlayerSummary goes: games, the online list,
    /// the socket's welcome.
    @Test func playersCarryTheirAvatarIntoGamesAndLists() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice"), bob = try await api.register("bob")
            let photo = try await api.putAvatar(TestImages.png(), token: alice.token).decode(UserView.self).avatar
            let game = try await api.createGame(token: alice.token)
            let joined = try await api.join(game, token: bob.token).decode(GameView.self)
            #expect(joined.x?.player?.avatar == photo)
            #expect(joined.o?.player?.avatar == StockAvatar.url(name: "bob", seed: "bob"))
            let client = OXOClient(baseURL: URL(string: server.baseURL)!, token: alice.token)
            let live = try await client.connect(following: [.user(alice.user.id)])
            _ = try await live.updates { if case .snapshot = $0 { true } else { false } }
            let online = try await api.send(.GET, "/v1/players/online", token: bob.token).decode(OnlinePlayers.self)
            #expect(online.players.map(\.player.avatar) == [photo])
            await live.close()
        }
    }

    @Test func theSDKRegistersWithAPhotoChangesItAndRemovesIt() async throws {
        try await withServer { server in
            let base = URL(string: server.baseURL)!
            let png = Data(TestImages.png())
            let alice = try await OXOClient.register(username: "alice", email: "alice@example.org", password: "password-alice",
                                                     avatar: png, at: base)
            let registered = try #require(await alice.user)
            #expect(registered.avatar.hasPrefix("/v1/media/") && !registered.avatar.hasSuffix(Self.hash(TestImages.png())))
            let url = try alice.avatarURL(registered.avatar)
            #expect(url.absoluteString == server.baseURL + registered.avatar)
            #expect(try await RawHTTP(baseURL: server.baseURL).send(.GET, registered.avatar).body == png)
            let changed = try await alice.setAvatar(Data(TestImages.gif()), contentType: "image/gif")
            #expect(try await RawHTTP(baseURL: server.baseURL).send(.GET, changed.avatar).body == Data(TestImages.gif()))
            #expect(await refusal { try await alice.setAvatar(Data(TestImages.svg), contentType: "image/svg+xml") } == .unsupportedImage)
            let stock = try await alice.removeAvatar()
            #expect(stock.avatar == StockAvatar.url(name: "alice", seed: "alice"))
            #expect(try alice.avatarURL(stock.avatar).absoluteString == server.baseURL + stock.avatar)
            #expect(try await server.count("media") == 2)
        }
    }
}
