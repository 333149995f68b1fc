import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import OXOProtocol

/// Plain HTTP requests with whatever bytes a test wants to send, for what a well-behaved
/// SDK would never send.
struct RawHTTP {
    let baseURL: String

    struct Answer {
        let status: Int
        let body: Data
        var headers = HTTPHeaders()

        var error: APIError? { try? Wire.decoder.decode(ErrorResponse.self, from: body).error }

        func decode<T: Decodable>(_ type: T.Type) throws -> T { try Wire.decoder.decode(T.self, from: body) }
    }

    func send(_ method: HTTPMethod, _ path: String, token: String? = nil, body: String? = nil, data: Data? = nil,
              bytes: Int? = nil, headers: [(String, String)] = []) async throws -> Answer {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        if let data { request.body = .bytes(ByteBuffer(bytes: data)) }
        if let bytes { request.body = .bytes(ByteBuffer(repeating: UInt8(ascii: "a"), count: bytes)) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let collected = try await response.body.collect(upTo: 1 << 22)
        return Answer(status: Int(response.status.code), body: Data(buffer: collected), headers: response.headers)
    }

    /// Registers a user and returns their token.
    func register(_ username: String) async throws -> String {
        let answer = try await send(.POST, "/v1/accounts", body: """
            {"username":"\(username)","email":"\(username)@example.org","password":"password-\(username)"}
            """)
        return try answer.decode(SessionGrant.self).token
    }
}
