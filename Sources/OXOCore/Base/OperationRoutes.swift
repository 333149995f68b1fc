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
        let route = on(HTTPMethod(rawValue: operation.spec.method.rawValue), operation.spec.pathComponents, body: body, use: closure)
        route.userInfo[OperationSpec.routeKey] = operation.spec
        return route
    }
}

extension Route {
    /// The operation this route was registered for, when it was registered from the table.
    package var operation: OperationSpec? { userInfo[OperationSpec.routeKey] as? OperationSpec }
}

extension OperationSpec {
    static let routeKey = AnySendableHashable("oxo.operation")

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
