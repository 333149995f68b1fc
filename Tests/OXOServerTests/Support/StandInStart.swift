import Vapor

extension Application {
    /// Starts a stand-in's server on a free port of 127.0.0.1 and returns its address, or
    /// shuts the application down and throws when it cannot start.
    func startStandIn() async throws -> String {
        do {
            try await server.start(address: .hostname("127.0.0.1", port: 0))
        } catch {
            try await asyncShutdown()
            throw error
        }
        return "http://127.0.0.1:\(http.server.shared.localAddress!.port!)"
    }
}
