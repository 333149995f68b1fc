import Vapor

/// What every domain shares for the lifetime of the application: the configuration,
/// the clock and the event bus.
struct ServerContext: Sendable {
    let configuration: ServerConfiguration
    let bus: EventBus
    let computerSeed: UInt64

    var clock: ServerClock { configuration.clock }
}

extension Application {
    private struct ContextKey: StorageKey {
        typealias Value = ServerContext
    }

    var oxo: ServerContext {
        get {
            guard let context = storage[ContextKey.self] else {
                fatalError("configure(_:_:) sets the server context before any request")
            }
            return context
        }
        set { storage[ContextKey.self] = newValue }
    }
}
