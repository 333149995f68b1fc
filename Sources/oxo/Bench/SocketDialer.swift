import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import WebSocketKit

/// Opens the load generator's WebSockets: thousands of them share the event loops of one
/// NIO group, no thread per client. Built on NIO's bootstrap (WebSocketKit does the
/// framing) so that each socket can be bound to a chosen local address: one address has
/// only the ephemeral port range (about 28,000 ports here) towards one server, and
/// 127.0.0.2, .3, … each bring another range.
struct SocketDialer: Sendable {
    let group: any EventLoopGroup
    let host: String
    let port: Int
    /// Local addresses to spread sockets over, round robin; empty lets the kernel choose.
    let sourceAddresses: [SocketAddress]

    /// Opens a socket at `path`, sending `token` as a bearer token when given. `onText`
    /// is set on the socket's event loop before any frame is read, so none is missed.
    func open(_ path: String, token: String?, index: Int,
              onText: @escaping @Sendable (WebSocket, String) -> Void) async throws -> WebSocket {
        let opened = group.any().makePromise(of: WebSocket.self)
        var headers = HTTPHeaders([("Host", "\(host):\(port)")])
        if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)

        var bootstrap = ClientBootstrap(group: group)
            .channelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                let requester = UpgradeRequester(head: head, opened: opened)
                let upgrader = NIOWebSocketClientUpgrader(maxFrameSize: 1 << 20) { channel, _ in
                    WebSocket.client(on: channel) { socket in
                        socket.onText(onText)
                        opened.succeed(socket)
                    }
                }
                let boundRequester = NIOLoopBound(requester, eventLoop: channel.eventLoop)
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers(
                        leftOverBytesStrategy: .forwardBytes,
                        withClientUpgrade: (upgraders: [upgrader], completionHandler: { _ in
                            // Frames follow the upgrade; the HTTP request's handler must go.
                            channel.pipeline.syncOperations.removeHandler(boundRequester.value, promise: nil)
                        }))
                    try channel.pipeline.syncOperations.addHandler(requester)
                }
            }
        if !sourceAddresses.isEmpty {
            bootstrap = bootstrap.bind(to: sourceAddresses[index % sourceAddresses.count])
        }
        bootstrap.connect(host: host, port: port).whenFailure { opened.fail($0) }
        return try await opened.futureResult.get()
    }

    /// `count` loopback addresses from 127.0.0.1 up, when the server is on loopback.
    static func loopbackSources(count: Int, towards host: String) -> [SocketAddress] {
        guard count > 1, host.hasPrefix("127.") || host == "localhost" else { return [] }
        return (1...count).compactMap { try? SocketAddress(ipAddress: "127.0.0.\($0)", port: 0) }
    }
}

/// Sends the upgrade request once connected; any HTTP response that reaches it is a
/// refusal (a successful upgrade is consumed before it), such as a 401 for a bad token.
private final class UpgradeRequester: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let head: HTTPRequestHead
    private let opened: EventLoopPromise<WebSocket>
    private var sent = false

    init(head: HTTPRequestHead, opened: EventLoopPromise<WebSocket>) {
        self.head = head
        self.opened = opened
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { send(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        send(context)
        context.fireChannelActive()
    }

    private func send(_ context: ChannelHandlerContext) {
        guard !sent else { return }
        sent = true
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let response) = unwrapInboundIn(data) {
            opened.fail(SocketRefused(status: Int(response.status.code)))
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        opened.fail(SocketRefused(status: nil))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        opened.fail(error)
        context.close(promise: nil)
    }
}

struct SocketRefused: Error, CustomStringConvertible {
    let status: Int?
    var description: String {
        status.map { "the server answered the upgrade with HTTP \($0)" } ?? "the server closed the connection during the upgrade"
    }
}
