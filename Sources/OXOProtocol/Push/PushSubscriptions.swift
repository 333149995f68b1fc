import Foundation

/// `GET /v1/push/key`: the server's VAPID public key, the `applicationServerKey` a browser
/// subscribes with (base64url without padding, the 65-byte uncompressed P-256 point).
public struct PushPublicKey: Codable, Hashable, Sendable {
    public let publicKey: String

    public init(publicKey: String) {
        self.publicKey = publicKey
    }
}

/// `POST /v1/push/subscriptions`: a browser's `PushSubscription.toJSON()`, its endpoint
/// and keys (base64url: `p256dh` the 65-byte point, `auth` the 16-byte secret).
public struct PushSubscriptionRequest: Codable, Hashable, Sendable {
    public struct Keys: Codable, Hashable, Sendable {
        public let p256dh: String
        public let auth: String

        public init(p256dh: String, auth: String) {
            self.p256dh = p256dh
            self.auth = auth
        }
    }

    public let endpoint: String
    public let keys: Keys

    public init(endpoint: String, keys: Keys) {
        self.endpoint = endpoint
        self.keys = keys
    }
}

/// One of the caller's push subscriptions. The keys are not echoed: only the push service
/// and the device need them.
public struct PushSubscriptionView: Codable, Hashable, Sendable {
    public let id: PushSubscriptionID
    public let endpoint: String
    public let createdAt: Date

    public init(id: PushSubscriptionID, endpoint: String, createdAt: Date) {
        self.id = id
        self.endpoint = endpoint
        self.createdAt = createdAt
    }
}

/// `GET /v1/push/subscriptions`: the caller's, oldest first.
public struct PushSubscriptionList: Codable, Hashable, Sendable {
    public let subscriptions: [PushSubscriptionView]

    public init(subscriptions: [PushSubscriptionView]) {
        self.subscriptions = subscriptions
    }
}
