/// One operation of the REST API as a value: its method, its path template with its
/// parameters, the types of its body and its answer, and whether it needs a sign-in. The
/// server registers its routes from these values and the SDK builds its requests from
/// them, so a path is written once, here (`Operations`), and `OperationTableTests` holds
/// the table equal to the OpenAPI document.
public struct APIOperation<Body, Response>: Sendable {
    public let spec: OperationSpec

    public init(_ method: OperationSpec.Method, _ template: String, id: String, access: OperationSpec.Access = .signedIn) {
        spec = OperationSpec(id: id, method: method, template: template, access: access,
                             body: OperationSpec.name(of: Body.self), response: OperationSpec.name(of: Response.self))
    }

    /// The path's segments with `values` in the parameters' places, in order, unescaped.
    public func segments(_ values: any CustomStringConvertible...) -> [String] {
        spec.segments(values.map(\.description))
    }
}

/// What every operation says of itself, whatever its types: what the OpenAPI document
/// and the web client's `paths.js` are checked against.
public struct OperationSpec: Hashable, Sendable, CustomStringConvertible {
    public enum Method: String, Hashable, Sendable, CaseIterable {
        case GET, POST, PUT, PATCH, DELETE
    }

    /// Who may call it: anyone, or only with a session's token.
    public enum Access: String, Hashable, Sendable {
        case open, signedIn
    }

    /// A segment of a path template: a word, or a parameter such as `{gameID}`.
    public enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(String)
    }

    /// The OpenAPI document's `operationId`, and the name in `Operations`.
    public let id: String
    public let method: Method
    /// Such as "/v1/games/{gameID}/moves".
    public let template: String
    public let access: Access
    /// The names of the body's and the answer's types, as the document names their schemas
    /// (see `name(of:)`).
    public let body: String
    public let response: String

    public var pathSegments: [Segment] {
        template.split(separator: "/").map { word in
            word.hasPrefix("{") && word.hasSuffix("}") ? .parameter(String(word.dropFirst().dropLast())) : .literal(String(word))
        }
    }

    public var parameters: [String] {
        pathSegments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    /// The path's segments with `values` in the parameters' places, in order.
    public func segments(_ values: [String]) -> [String] {
        precondition(values.count == parameters.count, "\(id) takes \(parameters.count) path values, not \(values.count)")
        var remaining = values[...]
        return pathSegments.map { segment in
            switch segment {
            case .literal(let word): word
            case .parameter: remaining.popFirst()!
            }
        }
    }

    public var description: String { "\(method.rawValue) \(template)" }

    /// A type's name as the document's schemas spell it: `[VariantRules]` for an array.
    static func name(of type: Any.Type) -> String {
        String(describing: type).replacingOccurrences(of: "Array<", with: "[").replacingOccurrences(of: ">", with: "]")
    }
}

/// A request without a body.
public enum NoBody: Sendable {}
/// An answer without a body (202, 204).
public enum NoContent: Sendable {}
/// A file sent as it is, with its own media type (a photo, an avatar).
public enum FileUpload: Sendable {}
/// An answer that is not JSON: text, an image, an SVG drawing.
public enum RawAnswer: Sendable {}
/// A JSON object with no schema of its own in the document (the health checks, the
/// document itself).
public enum JSONObject: Sendable {}
