import OXOProtocol
import Vapor

extension RoutesBuilder {
    /// Registers `closure` for `operation`'s method and path, as `Operations` writes them:
    /// the server's routes and the SDK's requests come from the same value.
    @discardableResult
    package func on<Body, Answer, Response: AsyncResponseEncodable>(
        _ operation: APIOperation<Body, Answer>, body: HTTPBodyStreamStrategy = .collect,
        use closure: @Sendable @escaping (Request) async throws -> Response
    ) -> Route {
        on(HTTPMethod(rawValue: operation.spec.method.rawValue), operation.spec.pathComponents, body: body, use: closure)
    }
}

extension OperationSpec {
    /// The path as Vapor matches it: a parameter `{gameID}` is `:gameID`.
    var pathComponents: [PathComponent] {
        pathSegments.map { segment in
            switch segment {
            case .literal(let word): .constant(word)
            case .parameter(let name): .parameter(name)
            }
        }
    }
}
