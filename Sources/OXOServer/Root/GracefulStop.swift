import Foundation
import OXOCore
import Vapor

/// What `oxo serve` does on SIGTERM or SIGINT, in stages it logs, all within `timeout`
/// seconds of the signal (docs/OPERATIONS.md, "Stopping and rolling restarts"):
///
/// 1. Not ready, and the listener closes. New connections are refused, which nginx
///    answers by trying the next node with the same request, whatever its method, since
///    none of it was sent; a request that still arrives on a connection opened before gets
///    `503 shutting_down` with `Retry-After` (`RefusedWhileStopping`), `/health/live` 200.
///    A 503 would be passed on to the client for anything but a GET, so refusing the
///    connection is what a balancer handles best.
/// 2. Each socket answers the message in hand and is closed with 1012 (service restart),
///    which the SDK and the web client take as "reconnect now": through the balancer to
///    another node, resuming from the last numbers they saw.
/// 3. The changes in flight commit (SQLite's group commit drains).
/// 4. The requests in flight are answered, then the application shuts down (timers, mail,
///    the writer, the database).
///
/// Whatever is still open at the deadline (a client that ignores the close, a request
/// that hangs) is cut off: the process exits then, with 0, having logged that it did.
enum GracefulStop {
    static func run(_ app: Application, signal: String, timeout: Double) async throws {
        let started = ContinuousClock.now
        let deadline = started + .milliseconds(Int64(timeout * 1000))
        let logger = app.logger
        let cutOff = DispatchWorkItem {
            logger.warning("OXO stop cut short", metadata: ["stage": "timeout", "shutdown_timeout": "\(timeout)"])
            fflush(nil)
            _exit(0)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: cutOff)
        app.stopping.begin()
        let listener = Task { await app.server.shutdown() }
        logger.info("OXO stopping", metadata: ["signal": "\(signal)", "stage": "not_ready", "shutdown_timeout": "\(timeout)"])
        let sockets = await app.sockets.closeAllForRestart()
        logger.info("OXO stopping", metadata: ["stage": "sockets_closed", "sockets": "\(sockets)", "code": "1012"])
        let streams = app.streams.endAll()
        logger.info("OXO stopping", metadata: ["stage": "streams_ended", "streams": "\(streams)"])
        let drained = await app.store.writesDrained(by: deadline)
        logger.info("OXO stopping", metadata: ["stage": "writes_drained", "complete": "\(drained)"])
        await listener.value
        logger.info("OXO stopping", metadata: ["stage": "requests_finished"])
        try await app.asyncShutdown()
        cutOff.cancel()
        let took = (ContinuousClock.now - started).components
        let seconds = Double(took.seconds) + Double(took.attoseconds) / 1e18
        logger.info("OXO stopped", metadata: ["stage": "exit", "seconds": "\(String(format: "%.3f", seconds))"])
    }
}
