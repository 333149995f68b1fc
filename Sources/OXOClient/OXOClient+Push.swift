import OXOProtocol

/// Where the server pushes a user's notifications: one device's address with the push
/// service that wakes it. Web Push is the one kind today; an APNs device token would be
/// another case beside it.
public enum PushTarget: Hashable, Sendable {
    /// A browser's `PushSubscription`: its endpoint and keys, base64url as `toJSON()` gives
    /// them (`p256dh` the 65-byte P-256 point, `auth` the 16-byte secret).
    case webPush(endpoint: String, p256dh: String, auth: String)
}

extension OXOClient {
    /// The server's VAPID public key (base64url), which a Web Push subscription is made with.
    public func pushPublicKey() async throws -> String {
        try await perform(Endpoints.pushPublicKey()).publicKey
    }

    /// Registers a device for this session: it gets the user's pushes until it is removed
    /// or the session ends. The same target again is the same subscription.
    @discardableResult
    public func registerPushSubscription(_ target: PushTarget) async throws -> PushSubscriptionView {
        switch target {
        case .webPush(let endpoint, let p256dh, let auth):
            try await perform(Endpoints.subscribe(PushSubscriptionRequest(
                endpoint: endpoint, keys: PushSubscriptionRequest.Keys(p256dh: p256dh, auth: auth))))
        }
    }

    /// The user's devices, oldest first.
    public func pushSubscriptions() async throws -> [PushSubscriptionView] {
        try await perform(Endpoints.pushSubscriptions()).subscriptions
    }

    public func removePushSubscription(id: PushSubscriptionID) async throws {
        try await perform(Endpoints.unsubscribe(id))
    }
}
