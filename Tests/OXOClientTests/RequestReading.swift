import AsyncHTTPClient
import Foundation
@testable import OXOClient

/// "METHOD /path?query" of an operation, as it would be sent to `Fixtures.server`.
func requestLine<R>(_ endpoint: Endpoint<R>) throws -> String {
    let request = try endpoint.request(on: ServerAddress(baseURL: Fixtures.server), token: "t")
    return "\(request.method.rawValue) \(request.url.dropFirst(Fixtures.server.absoluteString.count))"
}

/// The body of a request as text; nil when it has none.
func requestBody(of request: HTTPClientRequest) async throws -> String? {
    guard let body = request.body else { return nil }
    var bytes: [UInt8] = []
    for try await chunk in body { bytes += chunk.readableBytesView }
    return String(decoding: bytes, as: UTF8.self)
}
