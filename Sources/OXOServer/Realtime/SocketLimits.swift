import Logging
import NIOCore
import NIOWebSocket

/// Refuses a message as soon as its fragments add up to more than the limit, before it
/// is assembled: the frame size limit alone would let a client send a message of any
/// size in small pieces.
final class MessageSizeLimit: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    private let maxSize: Int
    private var messageSize = 0
    private var refused = false

    init(maxSize: Int) {
        self.maxSize = maxSize
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text, .binary: messageSize = frame.length
        case .continuation: messageSize += frame.length
        default: break // control frames stand alone and are at most 125 bytes
        }
        guard messageSize <= maxSize else {
            refused = true
            // What the client sends after this is not read: the close follows, and
            // `CloseAfterGrace` ends the connection if the client does not answer it.
            context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
            // `SocketFrames` answers this error by closing with 1009, message too big.
            context.fireErrorCaught(NIOWebSocketError.invalidFrameLength)
            return
        }
        context.fireChannelRead(data)
    }
}

/// Cuts the connection off when the client has not answered the server's close within
/// `grace`: a client that ignores it (one refused for an oversized message, say, that
/// goes on sending) would otherwise keep the connection, and the server reading it, until
/// its missed pings end it. Once the server has sent its close, the client's data frames
/// are dropped here, before they are assembled and decoded: nothing would answer them.
/// A client closed for sending too much (1008) is not read at all any more; what it
/// already sent would otherwise cost a decoding each, tens of thousands of them for a
/// client that floods.
final class CloseAfterGrace: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame
    typealias OutboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let grace: TimeAmount
    private var closing = false

    init(grace: TimeAmount) {
        self.grace = grace
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if closing {
            switch unwrapInboundIn(data).opcode {
            case .text, .binary, .continuation: return
            default: break
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let frame = unwrapOutboundIn(data)
        if frame.opcode == .connectionClose, !closing {
            closing = true
            var code = frame.data
            if code.readWebSocketErrorCode() == .policyViolation {
                context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
            }
            let channel = context.channel
            context.eventLoop.scheduleTask(in: grace) { channel.close(promise: nil) }
        }
        context.write(data, promise: promise)
    }
}
