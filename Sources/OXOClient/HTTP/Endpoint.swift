import AsyncHTTPClient
import Foundation
import NIOHTTP1
import OXOProtocol

/// One REST operation as a value: what to ask and how to read the answer. It meets a base
/// URL and a token only in `request(on:token:)`, so tests can check both ends without a server.
struct Endpoint<Response: Sendable>: Sendable {
    let method: HTTPMethod
    /// Unescaped path segments, such as ["v1", "games", "K7QX3M"].
    let path: [String]
    let query: [URLQueryItem]
    let body: (any Encodable & Sendable)?
    /// The media type asked for: JSON for every operation but those answered in text.
    var accept = "application/json"
    let decode: @Sendable (Data) throws -> Response
    /// A body sent as it is rather than as JSON: a photo, with the type it says it is.
    var upload: (bytes: Data, contentType: String)? = nil
}

extension Endpoint where Response: Decodable {
    /// `operation` with `values` in its path's parameters, in order, and no body.
    init(_ operation: APIOperation<NoBody, Response>, _ values: any CustomStringConvertible..., query: [URLQueryItem] = []) {
        self.init(operation.spec, values, query: query, body: nil)
    }

    /// `operation` with `values` in its path's parameters, in order, and `body` as JSON.
    init<Body: Encodable & Sendable>(_ operation: APIOperation<Body, Response>, _ values: any CustomStringConvertible...,
                                     query: [URLQueryItem] = [], body: Body) {
        self.init(operation.spec, values, query: query, body: body)
    }

    /// `operation`, whose answer has no schema of its own in the document, read as `Response`.
    init(_ operation: APIOperation<NoBody, JSONObject>) {
        self.init(operation.spec, [], query: [], body: nil)
    }

    /// `operation` with `upload`'s bytes as its body, sent with their own media type.
    init(_ operation: APIOperation<FileUpload, Response>, upload: (bytes: Data, contentType: String)) {
        self.init(operation.spec, [], query: [], body: nil)
        self.upload = upload
    }

    private init(_ spec: OperationSpec, _ values: [any CustomStringConvertible], query: [URLQueryItem],
                 body: (any Encodable & Sendable)?) {
        self.init(spec: spec, values: values, query: query, body: body) { data in
            try Wire.decoder.decode(Response.self, from: data)
        }
    }
}

extension Endpoint where Response == Void {
    /// An operation answered by 202 or 204, without a body of its own.
    init(_ operation: APIOperation<NoBody, NoContent>, _ values: any CustomStringConvertible...) {
        self.init(spec: operation.spec, values: values, query: [], body: nil) { _ in }
    }

    /// An operation answered by 202 or 204, with `body` as JSON.
    init<Body: Encodable & Sendable>(_ operation: APIOperation<Body, NoContent>, _ values: any CustomStringConvertible...,
                                     body: Body) {
        self.init(spec: operation.spec, values: values, query: [], body: body) { _ in }
    }
}

extension Endpoint {
    /// An operation answered in another media type than JSON (`accept`), read by `decode`.
    init(_ operation: APIOperation<NoBody, RawAnswer>, _ values: any CustomStringConvertible..., accept: String,
         decode: @escaping @Sendable (Data) throws -> Response) {
        self.init(spec: operation.spec, values: values, query: [], body: nil, decode: decode)
        self.accept = accept
    }

    /// The operation's method and path with `values` in its parameters, answered as `decode` reads it.
    init(spec: OperationSpec, values: [any CustomStringConvertible], query: [URLQueryItem],
         body: (any Encodable & Sendable)?, decode: @escaping @Sendable (Data) throws -> Response) {
        self.init(method: HTTPMethod(rawValue: spec.method.rawValue), path: spec.segments(values.map(\.description)),
                  query: query, body: body, decode: decode)
    }
}

extension Endpoint {
    /// The HTTP request for this operation on `server`, with `Authorization: Bearer` when
    /// there is a token (public routes ignore it).
    func request(on server: ServerAddress, token: String?, userAgent: String = OXOClient.sdkUserAgent) throws -> HTTPClientRequest {
        var request = HTTPClientRequest(url: try server.url(path: path, query: query).absoluteString)
        request.method = method
        request.headers.add(name: "Accept", value: accept)
        // The server names a session's device from it ("OXO SDK", "oxo terminal").
        request.headers.add(name: "User-Agent", value: userAgent)
        if let token {
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
        }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(try Wire.encoder.encode(body))
        }
        if let upload {
            request.headers.add(name: "Content-Type", value: upload.contentType)
            request.body = .bytes(upload.bytes)
        }
        return request
    }

    /// Reads the server's answer: the response for a 2xx status, the server's `APIError`
    /// for an error status with an OXO error body, `unexpectedResponse` for anything else.
    func read(status: Int, body: Data) throws -> Response {
        guard (200..<300).contains(status) else {
            if let refusal = try? Wire.decoder.decode(ErrorResponse.self, from: body) {
                throw refusal.error
            }
            throw OXOClientError.unexpected(status: status, body: body, reason: "an error status without an OXO error body")
        }
        do {
            return try decode(body)
        } catch {
            throw OXOClientError.unexpected(status: status, body: body, reason: "\(error)")
        }
    }
}
