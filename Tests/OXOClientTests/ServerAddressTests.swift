import Foundation
import Testing
@testable import OXOClient

@Suite struct ServerAddressTests {
    @Test func joinsPathsToABaseWithOrWithoutTrailingSlash() throws {
        for base in ["http://127.0.0.1:8080", "http://127.0.0.1:8080/"] {
            let url = try ServerAddress(baseURL: URL(string: base)!).url(path: ["v1", "me"])
            #expect(url.absoluteString == "http://127.0.0.1:8080/v1/me")
        }
    }

    @Test func keepsThePathPrefixOfABaseBehindAProxy() throws {
        let address = ServerAddress(baseURL: URL(string: "https://example.com/oxo/")!)
        #expect(try address.url(path: ["health"]).absoluteString == "https://example.com/oxo/health")
        #expect(try address.socketURL().absoluteString == "wss://example.com/oxo/v1/socket")
    }

    @Test func escapesSegmentsAndQueryValuesStrictly() throws {
        let url = try ServerAddress(baseURL: Fixtures.server).url(
            path: ["v1", "games", "a/b c"],
            query: [URLQueryItem(name: "cursor", value: "ab+c/d=="), URLQueryItem(name: "limit", value: "5")])
        #expect(url.absoluteString == "http://127.0.0.1:8080/v1/games/a%2Fb%20c?cursor=ab%2Bc%2Fd%3D%3D&limit=5")
    }

    /// A picture's address, as the server gives it, keeps its query and the base's prefix.
    @Test func placesAnAddressTheServerGaveUnderTheBase() throws {
        let address = ServerAddress(baseURL: URL(string: "https://example.com/oxo/")!)
        #expect(try address.url(serverPath: "/v1/media/ab12").absoluteString == "https://example.com/oxo/v1/media/ab12")
        #expect(try address.url(serverPath: "/v1/avatars/stock.svg?name=Zo%C3%AB%20Q&seed=zoe").absoluteString
            == "https://example.com/oxo/v1/avatars/stock.svg?name=Zo%C3%AB%20Q&seed=zoe")
    }

    @Test func putsTheSocketNextToThePlainServerOnWs() throws {
        #expect(try ServerAddress(baseURL: Fixtures.server).socketURL().absoluteString == "ws://127.0.0.1:8080/v1/socket")
    }

    @Test(arguments: ["ftp://example.com", "/v1/me", "http://"])
    func refusesABaseThatIsNotAnHTTPServer(base: String) {
        #expect(throws: OXOClientError.self) {
            try ServerAddress(baseURL: URL(string: base)!).url(path: ["health"])
        }
    }
}
