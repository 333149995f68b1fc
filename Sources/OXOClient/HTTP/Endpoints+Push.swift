import Foundation
import OXOProtocol

/// The operations for push notifications: the server's key and the caller's devices.
extension Endpoints {
    static func pushPublicKey() -> Endpoint<PushPublicKey> {
        Endpoint(.GET, "v1", "push", "key")
    }

    static func pushSubscriptions() -> Endpoint<PushSubscriptionList> {
        Endpoint(.GET, "v1", "push", "subscriptions")
    }

    static func subscribe(_ body: PushSubscriptionRequest) -> Endpoint<PushSubscriptionView> {
        Endpoint(.POST, "v1", "push", "subscriptions", body: body)
    }

    static func unsubscribe(_ id: PushSubscriptionID) -> Endpoint<Void> {
        Endpoint(.DELETE, "v1", "push", "subscriptions", id.description)
    }
}
