// The operations of one part of the API; `Operations.all` lists every part.

extension Operations {
    /// Is the server up? (the older name of /health/live)
    public static let health = APIOperation<NoBody, JSONObject>(.GET, "/health", id: "health", access: .open)
    /// Is the process alive?
    public static let healthLive = APIOperation<NoBody, JSONObject>(.GET, "/health/live", id: "healthLive", access: .open)
    /// Can the server take work?
    public static let healthReady = APIOperation<NoBody, JSONObject>(.GET, "/health/ready", id: "healthReady", access: .open)
    /// This document
    public static let openAPIDocument = APIOperation<NoBody, JSONObject>(.GET, "/openapi.json", id: "openAPIDocument", access: .open)
    /// The server's metrics, for Prometheus
    public static let metrics = APIOperation<NoBody, RawAnswer>(.GET, "/metrics", id: "metrics", access: .open)

    static let service: [OperationSpec] = [
        health.spec, healthLive.spec, healthReady.spec, openAPIDocument.spec,
        metrics.spec,
    ]
}
