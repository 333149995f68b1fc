import Vapor

/// Work to do as the application stops. Vapor runs these handlers last to first, so one
/// registered after the database's runs while the database is still open.
package struct AtShutdown: LifecycleHandler {
    private let work: @Sendable () async -> Void

    package init(_ work: @escaping @Sendable () async -> Void) {
        self.work = work
    }

    package func shutdownAsync(_ application: Application) async {
        await work()
    }
}
