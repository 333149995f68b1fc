import OXOCore
import OXOProtocol
import Vapor

/// The server's push key and the caller's own push subscriptions; nobody else's is reachable.
package struct PushRoutes {
    /// A user's devices: the eleventh subscription pushes out the oldest.
    static let subscriptionsPerUser = 10

    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        routes.on(Operations.getPushKey) { request in
            _ = try request.user
            return try await Reply(PushPublicKey(publicKey: PushKeys.vapid(request.store).publicKey))
        }
        routes.on(Operations.listPushSubscriptions) { request in
            try await Reply(PushSubscriptionList(subscriptions: request.store.reads.push.subscriptions(of: request.user.id.rawValue)))
        }
        routes.on(Operations.subscribeToPushes) { request in
            let user = try request.user
            let body = try await request.decode(PushSubscriptionRequest.self)
            let checked = try PushEndpointRules(services: request.application.oxo.configuration.pushServices).check(body)
            let (view, created) = try await request.store.change {
                try await $0.push.subscribe(checked, user: user.id.rawValue, session: user.sessionID.rawValue, limit: Self.subscriptionsPerUser)
            }
            return Reply(view, status: created ? .created : .ok)
        }
        routes.on(Operations.unsubscribeFromPushes) { request in
            let user = try request.user.id.rawValue
            let id = try request.parameter("subscriptionID", as: PushSubscriptionID.self)
            try await request.store.change { try await $0.push.unsubscribe(id, of: user) }
            return Response(status: .noContent)
        }
    }
}
