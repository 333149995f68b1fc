import Foundation
import Testing

/// The socket's own protocol, frame by frame, as a client that writes its frames by hand
/// sees it: what `SocketFrames` assembles, answers and closes.
@Suite("A socket's frames")
struct SocketFramesTests {
    @Test func aMessageSentInFragmentsIsAnsweredAsOne() async throws {
        try await withSignedInSocket { socket in
            let message = Array(#"{"type":"ping","id":"in-three-pieces"}"#.utf8)
            try socket.send(frame: 0x1, final: false, Array(message[..<10]))
            try socket.send(frame: 0x0, final: false, Array(message[10..<20]))
            try socket.send(frame: 0x0, final: true, Array(message[20...]))
            let texts = await socket.texts(2).map(\.text)
            #expect(texts.last?.contains(#""id":"in-three-pieces""#) == true, "\(texts)")
            #expect(texts.last?.contains(#""type":"pong""#) == true, "\(texts)")
        }
    }

    @Test func aClientsPingIsAnsweredWithItsDataAndItsCloseIsEchoedWithItsCode() async throws {
        try await withSignedInSocket { socket in
            try socket.send(frame: 0x9, final: true, Array("are you there".utf8))
            try socket.send(frame: 0x8, final: true, [0x0F, 0xA0]) // 4000, an application's code
            let frames = await socket.framesUntilClose()
            let pongs = frames.filter { $0.opcode == 0xA }.map(\.text)
            #expect(pongs.contains("are you there"), "\(frames.map(\.opcode))")
            #expect(frames.last?.closeCode == 4000)
        }
    }

    @Test func aContinuationWithNoMessageBeforeItIsAProtocolError() async throws {
        try await withSignedInSocket { socket in
            try socket.send(frame: 0x0, final: true, Array("stray".utf8))
            #expect(await socket.framesUntilClose().last?.closeCode == 1002)
        }
    }

    @Test func aClientThatAnswersNoPingIsClosed() async throws {
        try await withSignedInSocket(pingInterval: 0.3) { socket in
            let frames = await socket.framesUntilClose()
            #expect(frames.contains { $0.opcode == 0x9 }, "pinged first")
            #expect(frames.last?.closeCode == 1000)
        }
    }

    /// The first ping comes an interval after the socket opens, not at once, so a client
    /// that never answers is closed at the second ping, two intervals after it opened
    /// (less a thirty-second of one, `PingRounds`), not one.
    @Test func theFirstPingWaitsItsInterval() async throws {
        try await withSignedInSocket(pingInterval: 1.5) { socket in
            let opened = ContinuousClock.now
            let frames = await socket.framesUntilClose()
            let closedAfter = (ContinuousClock.now - opened) / .seconds(1)
            #expect(frames.contains { $0.opcode == 0x9 }, "pinged first")
            #expect(frames.last?.closeCode == 1000)
            #expect(closedAfter > 1.5 * 1.5, "closed \(closedAfter) s after opening, with pings every 1.5 s")
        }
    }

    @Test func amongManySocketsEachSilentOneIsClosedAndEachAnsweringOneStays() async throws {
        try await withServer(adjust: { $0.socketPingInterval = 0.4 }) { server in
            let carol = try await RawHTTP(baseURL: server.baseURL).register("carol")
            var silent: [SilentSocket] = [], answering: [SilentSocket] = []
            defer { for socket in silent + answering { socket.close() } }
            // A pong the server did not ask for still counts as an answer (RFC 6455 §5.5.3):
            // each answering socket answers every 50 ms for seven ping intervals from the
            // moment it opens, since opening twelve on a busy machine can take longer than
            // the two intervals that close a silent one.
            let stayed = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<6 {
                    silent.append(try await SilentSocket(port: server.port, path: "/v1/socket", token: carol))
                    let socket = try await SilentSocket(port: server.port, path: "/v1/socket", token: carol)
                    answering.append(socket)
                    group.addTask { await socket.stillTakes(frame: 0xA, final: true, [], after: 2.8) }
                }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(stayed == Array(repeating: true, count: 6))
            for socket in silent {
                let frames = await socket.framesUntilClose()
                #expect(frames.contains { $0.opcode == 0x9 }, "pinged first")
                #expect(frames.last?.closeCode == 1000)
            }
        }
    }

    /// A signed-in client's socket on a fresh server that pings every `pingInterval`
    /// seconds: by default seldom enough that no test here waits for it.
    private func withSignedInSocket(pingInterval: Double = 600, _ body: (SilentSocket) async throws -> Void) async throws {
        try await withServer(adjust: { $0.socketPingInterval = pingInterval }) { server in
            let carol = try await RawHTTP(baseURL: server.baseURL).register("carol")
            let socket = try await SilentSocket(port: server.port, path: "/v1/socket", token: carol)
            defer { socket.close() }
            try await body(socket)
        }
    }
}
