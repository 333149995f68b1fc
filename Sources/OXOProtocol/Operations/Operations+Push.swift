// The operations of one part of the API; `Operations.all` lists every part.

extension Operations {
    /// The server's push key
    public static let getPushKey = APIOperation<NoBody, PushPublicKey>(.GET, "/v1/push/key", id: "getPushKey")
    /// Your push subscriptions
    public static let listPushSubscriptions = APIOperation<NoBody, PushSubscriptionList>(.GET, "/v1/push/subscriptions", id: "listPushSubscriptions")
    /// Subscribe a device
    public static let subscribeToPushes = APIOperation<PushSubscriptionRequest, PushSubscriptionView>(.POST, "/v1/push/subscriptions", id: "subscribeToPushes")
    /// Remove a device
    public static let unsubscribeFromPushes = APIOperation<NoBody, NoContent>(.DELETE, "/v1/push/subscriptions/{subscriptionID}", id: "unsubscribeFromPushes")

    static let push: [OperationSpec] = [
        getPushKey.spec, listPushSubscriptions.spec, subscribeToPushes.spec, unsubscribeFromPushes.spec,
    ]
}
