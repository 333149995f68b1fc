import NIOCore
import NIOHTTP1
import NIOWebSocket
import Vapor

/// Vapor's WebSocket upgrade with this server's limits in the socket's pipeline: the size
/// of a whole message, however it is fragmented, and what may wait to be written.
struct SocketUpgrader: Upgrader {
    let maxMessageSize: Int
    let maxQueuedBytes: Int
    let maxQueuedMessages: Int
    let slowReaderGrace: TimeAmount
    let logger: Logger
    let onUpgrade: @Sendable (WebSocket) -> Void

    func applyUpgrade(req: Request, res: Response) -> any HTTPServerProtocolUpgrader {
        NIOWebSocketServerUpgrader(
            maxFrameSize: maxMessageSize, automaticErrorHandling: false,
            shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture([:]) },
            upgradePipelineHandler: { channel, _ in
                do {
                    try channel.pipeline.syncOperations.addHandlers([
                        MessageSizeLimit(maxSize: maxMessageSize),
                        SlowReaderLimit(maxBytes: maxQueuedBytes, maxMessages: maxQueuedMessages, grace: slowReaderGrace, logger: logger),
                    ])
                } catch {
                    return channel.eventLoop.makeFailedFuture(error)
                }
                return WebSocket.server(on: channel, onUpgrade: onUpgrade)
            })
    }
}
