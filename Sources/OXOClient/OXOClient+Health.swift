extension OXOClient {
    /// Whether the server is up: the `status` of `GET /health`, "ok" when all is well.
    public func health() async throws -> String {
        try await perform(Endpoints.health()).status
    }
}
