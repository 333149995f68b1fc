import NIOCore
import NIOHTTP1
import NIOWebSocket
import Vapor

/// Vapor's WebSocket upgrade with this server's limits in the socket's pipeline: the size
/// of a whole message, however it is fragmented, what may wait to be written, and how
/// long a client may ignore the server's close.
struct SocketUpgrader: Upgrader {
    let maxMessageSize: Int
    let maxQueuedBytes: Int
    let maxQueuedMessages: Int
    /// How long a client has to answer the server's close before it is cut off.
    let closeGrace: TimeAmount
    let logger: Logger
    /// Given the socket and its channel, which the server writes its messages to (`LoopWrites`).
    let onUpgrade: @Sendable (WebSocket, any Channel) -> Void

    func applyUpgrade(req: Request, res: Response) -> any HTTPServerProtocolUpgrader {
        NIOWebSocketServerUpgrader(
            maxFrameSize: maxMessageSize, automaticErrorHandling: false,
            shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture([:]) },
            upgradePipelineHandler: { channel, _ in
                do {
                    // A socket's pings find a dead peer (a missed pong closes it), so the
                    // idle timeout of HTTP connections does not apply to it.
                    let pipeline = channel.pipeline.syncOperations
                    if let idle = try? pipeline.handler(type: IdleStateHandler.self) { pipeline.removeHandler(idle, promise: nil) }
                    try pipeline.addHandlers([
                        MessageSizeLimit(maxSize: maxMessageSize),
                        // Nearer the wire than SlowReaderLimit, so it sees the close that one sends too.
                        CloseAfterGrace(grace: closeGrace),
                        SlowReaderLimit(maxBytes: maxQueuedBytes, maxMessages: maxQueuedMessages, logger: logger),
                    ])
                } catch {
                    return channel.eventLoop.makeFailedFuture(error)
                }
                return WebSocket.server(on: channel) { onUpgrade($0, channel) }
            })
    }
}
