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
    /// The pings of the sockets of the request's loop, which the socket joins.
    let pings: NIOLoopBoundBox<PingRounds>
    let logger: Logger
    /// Given the socket and its wire, which the server writes its messages to (`LoopWrites`),
    /// on the socket's loop, before anything is read.
    let onUpgrade: @Sendable (SocketHandle, NIOLoopBound<SocketWire>) -> Void

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
                        // Above the frame encoder, where every close passes, SocketWire's too.
                        CloseAfterGrace(grace: closeGrace),
                    ])
                    // Next to the socket, below the frame encoder: it writes frames it has
                    // made itself, and bounds what waits.
                    let wire = SocketWire(maxBytes: maxQueuedBytes, maxMessages: maxQueuedMessages, logger: logger)
                    try pipeline.addHandler(wire, position: .first)
                    let frames = SocketFrames(pings: pings.value)
                    try pipeline.addHandler(frames)
                    onUpgrade(SocketHandle(channel: channel, frames: NIOLoopBound(frames, eventLoop: channel.eventLoop)),
                              NIOLoopBound(wire, eventLoop: channel.eventLoop))
                    return channel.eventLoop.makeSucceededVoidFuture()
                } catch {
                    return channel.eventLoop.makeFailedFuture(error)
                }
            })
    }
}
