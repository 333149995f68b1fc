import Vapor

/// A WebSocket that sends every text frame straight back, with no sign-in, database or
/// JSON: the same HTTP server and WebSocket stack as the game's socket and nothing else.
/// `oxo bench echo` drives it to show the transport's own limit next to the game path's.
/// Served only with `oxo serve --bench-echo`.
struct BenchEchoRoute {
    func register(_ routes: any RoutesBuilder) {
        routes.webSocket("bench", "echo") { _, socket in
            socket.onText { socket, text in socket.send(text) }
        }
    }
}
