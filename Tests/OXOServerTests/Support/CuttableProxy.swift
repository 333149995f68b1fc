import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A TCP relay in front of the server that a test can take down, as a dropped network
/// would: its open connections are cut and new ones refused until it comes back, or fall
/// silent.
final class CuttableProxy: Sendable {
    private let listener: any Channel
    private let open: NIOLockedValueBox<[any Channel]>
    private let down: NIOLockedValueBox<Bool>
    let port: Int

    private init(listener: any Channel, open: NIOLockedValueBox<[any Channel]>, down: NIOLockedValueBox<Bool>) {
        self.listener = listener
        self.open = open
        self.down = down
        port = listener.localAddress!.port!
    }

    static func start(to targetPort: Int) async throws -> CuttableProxy {
        let open = NIOLockedValueBox<[any Channel]>([])
        let down = NIOLockedValueBox(false)
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.autoRead, value: false)
            .childChannelInitializer { inbound in
                if down.withLockedValue({ $0 }) { return inbound.close() }
                return ClientBootstrap(group: inbound.eventLoop)
                    .connect(host: "127.0.0.1", port: targetPort)
                    .flatMap { outbound in
                        open.withLockedValue { $0 += [inbound, outbound] }
                        return inbound.pipeline.addHandler(Relay(to: outbound))
                            .flatMap { outbound.pipeline.addHandler(Relay(to: inbound)) }
                            .flatMap { inbound.setOption(.autoRead, value: true) }
                    }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return CuttableProxy(listener: listener, open: open, down: down)
    }

    /// Cuts every connection and refuses new ones until `comeBack()`.
    func goDown() async {
        down.withLockedValue { $0 = true }
        await cut()
    }

    func comeBack() {
        down.withLockedValue { $0 = false }
    }

    /// Stops passing anything on the connections open now, without closing them, as a
    /// network that drops every packet does; new connections pass as before.
    func silenceOpenConnections() async {
        for channel in open.withLockedValue({ $0 }) { try? await channel.setOption(.autoRead, value: false) }
    }

    private func cut() async {
        let channels = open.withLockedValue { channels in
            defer { channels = [] }
            return channels
        }
        for channel in channels { try? await channel.close() }
    }

    func stop() async {
        await cut()
        try? await listener.close()
    }
}

/// Copies what one side reads to the other, and closes the other when one side closes.
private final class Relay: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer

    private let peer: any Channel

    init(to peer: any Channel) { self.peer = peer }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        peer.writeAndFlush(data, promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        peer.close(promise: nil)
        context.fireChannelInactive()
    }
}
