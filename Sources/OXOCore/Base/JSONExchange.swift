import Foundation
import OXOProtocol
import Vapor

/// A JSON response in the wire's conventions.
package struct Reply<Body: Encodable & Sendable>: AsyncResponseEncodable {
    let body: Body
    let status: HTTPResponseStatus

    package init(_ body: Body, status: HTTPResponseStatus = .ok) {
        self.body = body
        self.status = status
    }

    package func encodeResponse(for request: Request) async throws -> Response {
        try Response.json(body, status: status)
    }
}

extension Response {
    static func json(_ body: some Encodable, status: HTTPResponseStatus = .ok) throws -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: status, headers: headers, body: .init(buffer: ByteBuffer(bytes: try WireJSON.encode(body))))
    }
}

extension Request {
    /// Decodes the body as JSON whatever its content type says.
    package func decode<T: Decodable>(_ type: T.Type) async throws -> T {
        guard let decoded = try await decodeIfSent(T.self) else {
            throw APIError(.malformedJSON, "The request needs a JSON body.")
        }
        return decoded
    }

    /// Decodes the body as JSON when there is one; nil for a request sent without a body,
    /// for the routes whose body only adds options.
    package func decodeIfSent<T: Decodable>(_ type: T.Type) async throws -> T? {
        let body = try await self.body.collect(max: application.oxo.configuration.maxBodySize).get()
        guard let body, body.readableBytes > 0 else { return nil }
        return try decodeClientJSON(T.self, from: Data(buffer: body))
    }

    /// A path parameter as a typed id; an id of the wrong form names nothing, so it is
    /// `not_found` like an unknown one.
    package func parameter<T: LosslessStringConvertible>(_ name: String, as type: T.Type) throws(APIError) -> T {
        guard let text = parameters.get(name), let value = T(text) else {
            throw APIError(.notFound, "No \(name.replacingOccurrences(of: "ID", with: "")) has the id '\(parameters.get(name) ?? "")'.")
        }
        return value
    }
}

/// Decodes a client's JSON with errors a client can act on: `malformed_json` when it is
/// not JSON, `invalid_request` naming the field when a field is missing or of the wrong
/// type. Used for REST bodies and socket messages alike.
package func decodeClientJSON<T: Decodable>(_ type: T.Type, from data: Data) throws(APIError) -> T {
    do {
        return try Wire.decoder.decode(T.self, from: data)
    } catch let error as DecodingError {
        // The decoder calls a number that does not fit its field (1.5 for a cell) invalid
        // JSON; when the text parses as JSON, the fault is a value, not the syntax.
        if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
           (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil {
            throw APIError(.invalidRequest, "A value is of the wrong kind: numbers here are whole numbers in range.")
        }
        throw APIError(error)
    } catch {
        throw APIError(.malformedJSON, "The body is not valid JSON.")
    }
}

extension APIError {
    /// Explains a decoding failure in terms of the request's fields.
    init(_ error: DecodingError) {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the body" : "'\(keys.joined(separator: "."))'"
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self.init(.malformedJSON, "The body is not valid JSON.")
        case .dataCorrupted(let context):
            self.init(.invalidRequest, Self.invalidValue(at: path(context).snakeCased, context.debugDescription))
        case .keyNotFound(let key, let context):
            let field = (context.codingPath.map(\.stringValue) + [key.stringValue]).joined(separator: ".")
            self.init(.invalidRequest, "'\(field.snakeCased)' is missing.")
        case .typeMismatch(let type, let context):
            self.init(.invalidRequest, "\(path(context).snakeCased) should be \(type == String.self ? "a string" : type == Int.self ? "a whole number" : type == Bool.self ? "true or false" : "of another type").")
        case .valueNotFound(_, let context):
            self.init(.invalidRequest, "\(path(context).snakeCased) must not be null.")
        @unknown default:
            self.init(.invalidRequest, "The body does not have the expected fields.")
        }
    }
}

private extension APIError {
    /// Names what the field takes, as the socket does for an unknown message type. The
    /// decoder's own words ("Cannot initialize Mark from invalid String value Z") name
    /// Swift's types, so they are read for the type and the value and never passed on.
    static func invalidValue(at field: String, _ decoderWords: String) -> String {
        let prefix = "Cannot initialize ", middle = " from invalid String value "
        if decoderWords.hasPrefix(prefix), let range = decoderWords.range(of: middle) {
            let typeName = String(decoderWords[..<range.lowerBound].dropFirst(prefix.count))
            if let values = WireEnumValues.values(ofTypeNamed: typeName) {
                return "Unknown value '\(decoderWords[range.upperBound...])' for \(field); expected \(WireEnumValues.list(values))."
            }
        }
        return "\(field) has a value it does not take; /openapi.json says which it does."
    }
}

private extension String {
    var snakeCased: String {
        reduce(into: "") { result, character in
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
    }
}
