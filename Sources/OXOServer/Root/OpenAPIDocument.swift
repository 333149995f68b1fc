import Foundation
import Vapor

/// The REST API's OpenAPI 3.1 document, kept by hand in Resources/openapi.json and
/// checked against the routes by the test suite.
public enum OpenAPIDocument {
    public static func data() throws -> Data {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json", subdirectory: "Resources") else {
            throw Abort(.internalServerError, reason: "openapi.json is missing from the bundle")
        }
        return try Data(contentsOf: url)
    }

    static func response() throws -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: .ok, headers: headers, body: .init(data: try data()))
    }
}
