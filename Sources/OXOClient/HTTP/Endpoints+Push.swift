import Foundation
import OXOProtocol

/// The operations for push notifications: the server's key and the caller's devices.
extension Endpoints {
    static func pushPublicKey() -> Endpoint<PushPublicKey> {
        Endpoint(Operations.getPushKey)
    }

    static func pushSubscriptions() -> Endpoint<PushSubscriptionList> {
        Endpoint(Operations.listPushSubscriptions)
    }

    static func subscribe(_ body: PushSubscriptionRequest) -> Endpoint<PushSubscriptionView> {
        Endpoint(Operations.subscribeToPushes, body: body)
    }

    static func unsubscribe(_ id: PushSubscriptionID) -> Endpoint<Void> {
        Endpoint(Operations.unsubscribeFromPushes, id)
    }
}
