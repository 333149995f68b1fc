import NIOCore
import NIOWebSocket

/// The top of a socket's pipeline: it assembles the client's text messages from their
/// frames and hands each to `onText`, answers pings, pings the client when its loop's
/// `PingRounds` say (one left unanswered until the next closes the connection), and
/// carries out the closing handshake. It holds only what a socket needs: a WebSocket
/// object of WebSocketKit's, with a lock or a loop-bound box for each of its callbacks and
/// states, cost every idle socket about 1 KB more. The session reaches it from any thread
/// through `SocketHandle`.
final class SocketFrames: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// Called on the socket's loop with each whole text message; set before anything is read.
    var onText: ((String) -> Void)?
    private let pings: PingRounds
    /// Its place in `pings` while it is in them.
    private var pingSlot: Int?
    private var context: ChannelHandlerContext?
    /// The fragments of a message not yet whole, and whether it is text (a binary one is
    /// read and dropped: the protocol speaks text).
    private var fragments: (text: Bool, data: ByteBuffer)?
    private var pongAwaited = false
    private var closeSent = false

    init(pings: PingRounds) {
        self.pings = pings
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        // The first ping waits its interval too: one sent at once would cost every socket
        // of a reconnect storm a write of its own and a pong to read, and find nothing
        // that the interval does not.
        pingSlot = pings.join(self)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        leavePings()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        leavePings()
        context.fireChannelInactive()
    }

    private func leavePings() {
        guard let slot = pingSlot else { return }
        pings.leave(self, slot: slot)
        pingSlot = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text, .binary:
            guard fragments == nil else { close(code: .protocolError); return }
            fragments = (frame.opcode == .text, frame.unmaskedData)
            if frame.fin { deliverMessage() }
        case .continuation:
            guard var assembled = fragments else { close(code: .protocolError); return }
            var more = frame.unmaskedData
            assembled.data.writeBuffer(&more)
            fragments = assembled
            if frame.fin { deliverMessage() }
        case .ping:
            guard frame.fin else { close(code: .protocolError); return }
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .pong:
            pongAwaited = false
        case .connectionClose:
            answerClose(frame, context: context)
        default:
            break
        }
    }

    /// A protocol error from the frame decoder (a frame too large, a fragmented ping) fails
    /// the connection (RFC 6455 §7.1.7): the close with its code, then the connection ends
    /// at once. Nothing more is read from such a client, so waiting for its answer to the
    /// close would hold the connection until the grace ran out; the error goes on down the
    /// pipeline.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error as? NIOWebSocketError {
        case .invalidFrameLength: closeAndEnd(code: .messageTooLarge, channel: context.channel)
        case .fragmentedControlFrame, .multiByteControlFrameLength: closeAndEnd(code: .protocolError, channel: context.channel)
        case nil: close(code: .unexpectedServerError)
        }
        context.fireErrorCaught(error)
    }

    /// Sends the close frame, once; the returned future completes when it is written. The
    /// connection ends when the client answers it (`CloseAfterGrace` ends it otherwise).
    @discardableResult
    func close(code: WebSocketErrorCode) -> EventLoopFuture<Void>? {
        guard let context, context.channel.isActive, !closeSent else { return nil }
        closeSent = true
        // 1005 and 1006 say that no code was received; they are never sent (RFC 6455 §7.4.1).
        let sent: WebSocketErrorCode = switch UInt16(webSocketErrorCode: code) {
        case 1005, 1006: .normalClosure
        default: code
        }
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: sent)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)), promise: written)
        return written.futureResult
    }

    private func deliverMessage() {
        guard let (text, data) = fragments else { return }
        fragments = nil
        if text { onText?(String(buffer: data)) }
    }

    /// The client's close: the answer to the server's, or its own, which the server echoes
    /// before it ends the connection.
    private func answerClose(_ frame: WebSocketFrame, context: ChannelHandlerContext) {
        guard !closeSent else { return context.close(promise: nil) }
        var data = frame.unmaskedData
        closeAndEnd(code: data.readWebSocketErrorCode() ?? .unknown(1005), channel: context.channel)
    }

    /// Sends the close frame and ends the connection once it is written, without waiting
    /// for an answer (at once when nothing can be sent any more).
    private func closeAndEnd(code: WebSocketErrorCode, channel: any Channel) {
        guard let written = close(code: code) else { return channel.close(promise: nil) }
        written.whenComplete { _ in channel.close(promise: nil) }
    }

    /// The socket's turn in its loop's rounds: pings the client, or closes when the last
    /// ping is still unanswered.
    func pingOrClose() {
        guard let context, context.channel.isActive else { return }
        guard !pongAwaited else {
            // The client went away without a word: no close will answer the server's.
            return closeAndEnd(code: .unknown(1006), channel: context.channel)
        }
        pongAwaited = true
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer())), promise: nil)
    }
}

/// A session's hold on its socket, from any thread: calls run on the socket's loop.
struct SocketHandle: Sendable {
    let channel: any Channel
    let frames: NIOLoopBound<SocketFrames>

    var eventLoop: any EventLoop { channel.eventLoop }

    /// Completes when the connection has ended.
    var onClose: EventLoopFuture<Void> { channel.closeFuture }

    /// Sends the close frame (once); completes when it is written, or at once when the
    /// socket is already closing or closed.
    func close(code: WebSocketErrorCode) -> EventLoopFuture<Void> {
        let (frames, loop) = (frames, eventLoop)
        let close: @Sendable () -> EventLoopFuture<Void> = { frames.value.close(code: code) ?? loop.makeSucceededVoidFuture() }
        return loop.inEventLoop ? close() : loop.flatSubmit(close)
    }
}
