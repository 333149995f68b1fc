import Logging
import NIOCore
import NIOWebSocket

/// The bottom of a socket's pipeline, next to the socket itself. The server's text
/// messages are written here as a frame header and the message's one buffer, without
/// passing the WebSocket handlers above (`LoopWrites` calls it on the socket's loop);
/// pings and closes pass through from above. Here too what waits in this process to be
/// written to the socket is bounded: a client that stops reading would otherwise make the
/// server keep every message for it. A client that falls that far behind is sent a close
/// with 1013 (try again later) after what is already queued (`CloseAfterGrace` cuts it off
/// if it does not read that); it reconnects and resumes from its last sequence numbers.
final class SocketWire: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let maxBytes: Int
    private let maxMessages: Int
    private let logger: Logger
    private var context: ChannelHandlerContext?
    /// Messages written while others still waited, until the kernel takes them. One
    /// written to an empty queue is not counted: nearly every message is, and the kernel
    /// takes it at once, so counting it would cost a promise for nothing.
    private var waitingMessages = 0
    private var fellBehind = false

    init(maxBytes: Int, maxMessages: Int, logger: Logger) {
        self.maxBytes = maxBytes
        self.maxMessages = maxMessages
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Writes one text message, framed by `header`; flushed by `flush()`.
    func write(header: ByteBuffer, message: ByteBuffer) {
        guard let context, !fellBehind else { return }
        let waitingBytes = (try? context.channel.syncOptions?.getOption(ChannelOptions.bufferedWritableBytes)) ?? 0
        var written: EventLoopPromise<Void>?
        if waitingBytes > 0 {
            guard waitingBytes + header.readableBytes + message.readableBytes <= maxBytes, waitingMessages < maxMessages else {
                fellBehind = true
                sendClose(context, waitingBytes: waitingBytes)
                return
            }
            waitingMessages += 1
            // A write's promise completes once the bytes are with the kernel (or failed).
            written = context.eventLoop.makePromise(of: Void.self)
            written?.futureResult.assumeIsolated().whenComplete { _ in self.waitingMessages -= 1 }
        }
        context.write(wrapOutboundOut(.byteBuffer(header)), promise: nil)
        context.write(wrapOutboundOut(.byteBuffer(message)), promise: written)
    }

    func flush() {
        context?.flush()
    }

    /// From the top of the pipeline, so that `CloseAfterGrace` sees it and the frame
    /// encoder frames it.
    private func sendClose(_ context: ChannelHandlerContext, waitingBytes: Int) {
        logger.notice("socket closed: the client fell behind", metadata: [
            "queued_bytes": "\(waitingBytes)", "queued_messages": "\(waitingMessages)",
        ])
        var code = context.channel.allocator.buffer(capacity: 2)
        code.write(webSocketErrorCode: .unknown(1013))
        context.channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .connectionClose, data: code), promise: nil)
    }
}

/// The header of an unmasked text frame (a server's frames are never masked, RFC 6455
/// §5.1) that carries `length` bytes in one frame.
enum TextFrameHeader {
    static func bytes(length: Int, allocator: ByteBufferAllocator) -> ByteBuffer {
        var header = allocator.buffer(capacity: 10)
        header.writeInteger(UInt8(0x81)) // FIN, text
        switch length {
        case ..<126: header.writeInteger(UInt8(length))
        case ...Int(UInt16.max):
            header.writeInteger(UInt8(126))
            header.writeInteger(UInt16(length))
        default:
            header.writeInteger(UInt8(127))
            header.writeInteger(UInt64(length))
        }
        return header
    }
}
