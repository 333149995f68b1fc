import Metrics
import NIOCore
import OXOAccounts
import OXOCore
import OXOProtocol
import OXOSocial
import Prometheus
import Vapor

/// `/metrics` in Prometheus' text format: Vapor's own request counts and durations (by
/// route template and status) and `ServerMetrics`, all recorded through swift-metrics into
/// one Prometheus registry and written out by swift-prometheus.
enum MetricsExport {
    /// swift-metrics takes one backend a process, once: the first server started with
    /// metrics on installs it, and every later one in the same process (the tests start
    /// hundreds) shares it.
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // A group holds at most 256 changes on SQLite (`GroupCommit.groupLimit`), 32 on
        // PostgreSQL (`PostgresGroupCommit.groupLimit`).
        factory.valueHistogramBuckets["oxo_commit_group_size"] = [1, 2, 4, 8, 16, 32, 64, 128, 256]
        MetricsSystem.bootstrap(factory)
        ServerMetrics.backendInstalled()
        MetricDescriptions.startAtZero()
        return registry
    }()

    /// Installs the backend and serves the text: on the main port behind `MetricsAccess`,
    /// or on a port of its own on the loopback address.
    static func register(_ app: Application) async throws {
        let configuration = app.oxo.configuration
        guard configuration.metrics else { return }
        _ = registry
        let (poolUse, store) = (app.databasePoolUse, app.store)
        let scrape = { @Sendable in await Self.response(poolUse: poolUse, store: store) }
        guard let port = configuration.metricsPort else {
            app.grouped(MetricsAccess(token: configuration.adminToken)).on(Operations.metrics) { _ in await scrape() }
            return
        }
        let server = try await Application.make(app.environment)
        server.logger = app.logger
        server.middleware = Middlewares()
        server.on(Operations.metrics) { _ in await scrape() }
        try await server.server.start(address: .hostname("127.0.0.1", port: port))
        app.metricsServer = server
        // The metrics port's server stops with the main one.
        app.lifecycle.use(AtShutdown {
            await server.server.shutdown()
            try? await server.asyncShutdown()
        })
    }

    /// The text, with the database pool's use asked for the occasion (on PostgreSQL).
    static func response(poolUse: DatabasePoolUse?, store: Store) async -> Response {
        await poolUse?.record(on: store.sql)
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "text", subType: "plain", parameters: ["version": "0.0.4", "charset": "utf-8"])
        let text = MetricDescriptions.withHelp(String(decoding: registry.emitToBuffer(), as: UTF8.self))
        return Response(status: .ok, headers: headers, body: .init(string: text))
    }
}

/// Who may read `/metrics` on the main port: a client on this machine that came straight
/// (the loopback address, no proxy's forwarding header: a proxy on this machine would
/// otherwise pass the world's requests off as local), or anyone with the admin token,
/// checked and its guesses limited as on the admin routes. The figures say how busy the
/// server is and which routes it has, which is nobody else's business.
struct MetricsAccess: AsyncMiddleware {
    let token: String?

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let forwarded = request.headers.contains(name: .xForwardedFor) || request.headers.contains(name: .forwarded)
        if !forwarded, ["127.0.0.1", "::1"].contains(request.clientAddress), request.bearerToken == nil {
            return try await next.respond(to: request)
        }
        return try await AdminAuthentication(token: token).respond(to: request, chainingTo: next)
    }
}

extension Application {
    private struct MetricsServerKey: StorageKey {
        typealias Value = Application
    }

    /// The application serving `--metrics-port`, if any.
    var metricsServer: Application? {
        get { storage[MetricsServerKey.self] }
        set { storage[MetricsServerKey.self] = newValue }
    }

    /// The port `/metrics` was bound to with `--metrics-port` (the one picked, for 0).
    package var metricsPort: Int? { metricsServer?.http.server.shared.localAddress?.port }
}
