import Foundation
import NIOHTTP1
import Testing

/// Any JSON value, decoded exactly: booleans stay booleans and numbers stay numbers,
/// which JSONSerialization does not promise on Linux.
enum JSONValue: Decodable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        // Tried most common first: each wrong guess throws, and the test library records
        // a backtrace for every error thrown, which on a big document costs more than the
        // decoding itself.
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else {
            self = .number(try container.decode(Double.self))
        }
    }

    static func parse(_ data: Data) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: data) }

    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var object: [String: JSONValue]? { if case .object(let value) = self { value } else { nil } }
    var array: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
    var string: String? { if case .string(let value) = self { value } else { nil } }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): value.rounded() == value && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
        case .string(let value): "\"\(value)\""
        case .array(let values): "[" + values.map(\.description).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
        }
    }
}

/// The REST API's OpenAPI document, read for what a test needs: the operations, which
/// of them are public, and a check of an answer against what the document promises.
struct OpenAPISpec {
    struct Operation: Hashable, CustomStringConvertible {
        let method: String
        /// The path template with `{param}` placeholders.
        let path: String

        var description: String { "\(method) \(path)" }

        /// The template's placeholders, in order.
        var parameterNames: [String] {
            path.split(separator: "/").compactMap { segment in
                segment.hasPrefix("{") && segment.hasSuffix("}") ? String(segment.dropFirst().dropLast()) : nil
            }
        }
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    let root: JSONValue

    init(_ data: Data) throws { root = try JSONValue.parse(data) }

    var operations: [Operation] {
        (root["paths"]?.object ?? [:]).flatMap { path, item in
            Self.methods.filter { item[$0] != nil }.map { Operation(method: $0.uppercased(), path: path) }
        }
    }

    func definition(of operation: Operation) -> JSONValue? {
        root["paths"]?[operation.path]?[operation.method.lowercased()]
    }

    /// An operation is public when its own `security` is the empty list (or, without its
    /// own, when the document's is).
    func isPublic(_ operation: Operation) -> Bool {
        let security = definition(of: operation)?["security"] ?? root["security"]
        return security?.array?.isEmpty ?? true
    }

    /// Follows a local `$ref` ("#/components/...").
    func resolve(_ value: JSONValue) -> JSONValue {
        var current = value
        var hops = 0
        while let reference = current["$ref"]?.string, hops < 20 {
            var target: JSONValue? = root
            for component in reference.dropFirst(2).split(separator: "/") {
                target = target?[String(component)]
            }
            guard let target else { return current }
            current = target
            hops += 1
        }
        return current
    }

    /// What is wrong with `answer` as an answer of `operation`: an undocumented status,
    /// or a body that does not fit the documented schema. Empty when all is well.
    func problems(with answer: RawHTTP.Answer, of operation: Operation) -> [String] {
        guard let definition = definition(of: operation) else { return ["\(operation) is not documented"] }
        guard let response = definition["responses"]?[String(answer.status)].map(resolve) else {
            return ["\(operation) answered \(answer.status), which is not documented: \(String(decoding: answer.body, as: UTF8.self))"]
        }
        if let content = response["content"]?.object, content["application/json"] == nil {
            // Text or a picture, checked by its content type; what it says, the tests read.
            let sent = answer.headers.first(name: "Content-Type") ?? "none"
            let type = sent.split(separator: ";").first.map(String.init) ?? ""
            return content[sent] != nil || content[type] != nil
                ? [] : ["\(operation) \(answer.status) was sent as \(sent), which is not documented"]
        }
        guard let schema = response["content"]?["application/json"]?["schema"] else {
            return answer.body.isEmpty ? [] : ["\(operation) \(answer.status) should have no body"]
        }
        guard let body = try? JSONValue.parse(answer.body) else {
            return ["\(operation) \(answer.status) did not answer JSON: \(String(decoding: answer.body, as: UTF8.self))"]
        }
        var checker = SchemaChecker(spec: self)
        checker.check(body, against: schema, at: "body", strict: true)
        return checker.problems.map { "\(operation) \(answer.status): \($0)" }
    }
}

/// Checks a JSON value against the part of JSON Schema the document uses. `strict`
/// also refuses members an object's schema does not name, so that nothing the server
/// sends goes undocumented.
struct SchemaChecker {
    let spec: OpenAPISpec
    var problems: [String] = []

    init(spec: OpenAPISpec) { self.spec = spec }

    mutating func check(_ value: JSONValue, against rawSchema: JSONValue, at path: String, strict: Bool) {
        let schema = spec.resolve(rawSchema)

        if let parts = schema["allOf"]?.array {
            // The first part is the real schema; the others only narrow it.
            for (index, part) in parts.enumerated() {
                check(value, against: part, at: path, strict: strict && index == 0)
            }
        }
        if let choices = schema["oneOf"]?.array {
            let matching = choices.filter { choice in
                var trial = SchemaChecker(spec: spec)
                trial.check(value, against: choice, at: path, strict: strict)
                return trial.problems.isEmpty
            }
            if matching.count != 1 {
                problems.append("\(path) matches \(matching.count) of the oneOf choices, not exactly one: \(value)")
            }
        }
        if let constant = schema["const"], constant != value {
            problems.append("\(path) is \(value), not \(constant)")
        }
        if let allowed = schema["enum"]?.array, !allowed.contains(value) {
            problems.append("\(path) is \(value), not one of \(allowed)")
        }
        if let type = schema["type"] {
            let types = type.array?.compactMap(\.string) ?? [type.string].compactMap { $0 }
            if !types.contains(where: { Self.value(value, hasType: $0) }) {
                problems.append("\(path) should be \(types.joined(separator: " or ")): \(value)")
                return
            }
        }
        switch value {
        case .number(let number):
            if case .number(let minimum)? = schema["minimum"], number < minimum {
                problems.append("\(path) is \(value), below \(minimum)")
            }
            if case .number(let maximum)? = schema["maximum"], number > maximum {
                problems.append("\(path) is \(value), above \(maximum)")
            }
        case .string(let text):
            if case .number(let minimum)? = schema["minLength"], Double(text.count) < minimum {
                problems.append("\(path) is shorter than \(minimum)")
            }
            if case .number(let maximum)? = schema["maxLength"], Double(text.count) > maximum {
                problems.append("\(path) is longer than \(maximum)")
            }
            if let pattern = schema["pattern"]?.string, text.range(of: pattern, options: .regularExpression) == nil {
                problems.append("\(path) is \(value), which does not match \(pattern)")
            }
            switch schema["format"]?.string {
            case "uuid"? where UUID(uuidString: text) == nil || text != text.lowercased():
                problems.append("\(path) is \(value), not a UUID in lower case")
            case "date-time"? where text.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression) == nil:
                problems.append("\(path) is \(value), not an ISO 8601 date with milliseconds")
            default: break
            }
        case .array(let items):
            if case .number(let minimum)? = schema["minItems"], Double(items.count) < minimum {
                problems.append("\(path) has fewer than \(minimum) items")
            }
            if case .number(let maximum)? = schema["maxItems"], Double(items.count) > maximum {
                problems.append("\(path) has more than \(maximum) items")
            }
            if let itemSchema = schema["items"] {
                for (index, item) in items.enumerated() {
                    check(item, against: itemSchema, at: "\(path)[\(index)]", strict: strict)
                }
            }
        case .object(let members):
            for name in schema["required"]?.array?.compactMap(\.string) ?? [] where members[name] == nil {
                problems.append("\(path) lacks the required '\(name)': \(value)")
            }
            let properties = schema["properties"]?.object ?? [:]
            for (name, member) in members {
                if let memberSchema = properties[name] {
                    check(member, against: memberSchema, at: "\(path).\(name)", strict: strict)
                } else if strict && !properties.isEmpty {
                    problems.append("\(path) has '\(name)', which its schema does not document")
                }
            }
        default:
            break
        }
    }

    private static func value(_ value: JSONValue, hasType type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string),
             ("array", .array), ("object", .object):
            true
        case ("integer", .number(let number)):
            number.rounded() == number
        default:
            false
        }
    }
}

/// Sends requests named by their documented operation and checks every answer against
/// the document, recording each mismatch as a test issue. It also keeps every answer's
/// body, for tests that search them.
final class DocumentedClient: @unchecked Sendable {
    let http: RawHTTP
    let spec: OpenAPISpec
    private let lock = NSLock()
    private var answers: [(operation: OpenAPISpec.Operation, token: String?, answer: RawHTTP.Answer)] = []

    init(baseURL: String, spec: OpenAPISpec) {
        http = RawHTTP(baseURL: baseURL)
        self.spec = spec
    }

    /// Starts a client for `server`, reading the document the server serves.
    static func of(_ server: TestServer) async throws -> DocumentedClient {
        let http = RawHTTP(baseURL: server.baseURL)
        let answer = try await http.send(.GET, "/openapi.json")
        #expect(answer.status == 200)
        return DocumentedClient(baseURL: server.baseURL, spec: try OpenAPISpec(answer.body))
    }

    /// Everything answered so far, in order.
    var transcript: [(operation: OpenAPISpec.Operation, token: String?, answer: RawHTTP.Answer)] {
        lock.withLock { answers }
    }

    /// Sends `method template`, filling `{name}` placeholders from `parameters`.
    @discardableResult
    func send(
        _ method: HTTPMethod, _ template: String, _ parameters: [String: String] = [:], query: String = "",
        token: String? = nil, body: String? = nil, data: Data? = nil, headers: [(String, String)] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> RawHTTP.Answer {
        var path = template
        for (name, value) in parameters {
            path = path.replacingOccurrences(of: "{\(name)}", with: value)
        }
        let operation = OpenAPISpec.Operation(method: method.rawValue, path: template)
        let answer = try await http.send(method, path + query, token: token, body: body, data: data, headers: headers)
        lock.withLock { answers.append((operation, token, answer)) }
        for problem in spec.problems(with: answer, of: operation) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
        return answer
    }
}
