import OXOProtocol

extension OXOClient {
    /// Opens the realtime socket as the signed-in user, following `topics`; more can be
    /// followed later. The connection keeps the token of this moment, so after signing in
    /// again open a new one. See `RealtimeConnection`, and close it when done.
    public func connect(following topics: [Topic] = [], options: RealtimeOptions = RealtimeOptions()) throws -> RealtimeConnection {
        guard let token else { throw OXOClientError.notSignedIn }
        return RealtimeConnection(url: try server.socketURL(), token: token, following: topics, options: options)
    }
}
