import Foundation
import OXOClient
import OXOProtocol
import OXOCore
import OXOPlay
import OXOSocial
import OXOServer
import Testing

@Suite("Chat is live, ordered and resumable")
struct ChatLiveTests {
    /// The messages posted on `room` among `updates`, in the order they came.
    static func posted(_ updates: [RealtimeUpdate], in room: ChatRoom) -> [ChatMessage] {
        updates.events(on: .chat(room)).compactMap { $0.event.kind == .messagePosted ? $0.event.message : nil }
    }

    @Test func manySendersAtOnceAreStoredOnceNumberedWithoutGapsAndHeardInOneOrder() async throws {
        try await withServer { server in
            let alice = try await server.player("alice"), bob = try await server.player("bob")
            let game = try await bob.join(try await alice.createGame(side: .x).id)
            let room = ChatRoom.watchers(game.id)
            var clients: [OXOClient] = []
            for number in 1...8 { clients.append(try await server.player("sender\(number)")) }
            let senders = clients
            var followers: [RealtimeConnection] = []
            for client in [alice, bob, senders[0]] {
                let live = try await client.connect(following: [.chat(room)])
                _ = try await live.updates { if case .snapshot = $0 { true } else { false } }
                followers.append(live)
            }
            let perSender = 5, total = senders.count * perSender
            let sent = await concurrently(senders.indices) { index in
                try await withThrowingTaskGroup(of: ChatMessage.self) { group in
                    for number in 1...perSender {
                        group.addTask { try await senders[index].sendMessage("\(index).\(number)", to: room) }
                    }
                    return try await group.reduce(into: [ChatMessage]()) { $0.append($1) }
                }
            }
            let messages = try sent.flatMap { try $0.get() }
            #expect(Set(messages.map(\.seq)) == Set(1...total), "every message its own number, none skipped")

            let history = try await alice.chatHistory(of: room, limit: 100).messages
            #expect(history.map(\.seq) == Array(1...total))
            #expect(Set(history.map(\.id)).count == total && Set(history.map(\.text)).count == total, "each stored once")
            for live in followers {
                let heard = Self.posted(try await collect(total, on: room, from: live), in: room)
                #expect(heard.map(\.id) == history.map(\.id), "every follower hears every message once, in the stored order")
                await live.close()
            }
        }
    }

    /// Reads `live` until `count` messages were posted on `room`.
    private func collect(_ count: Int, on room: ChatRoom, from live: RealtimeConnection) async throws -> [RealtimeUpdate] {
        let counter = Counter()
        return try await live.updates { update in
            if case .event(.chat(room), _, let event) = update, event.kind == .messagePosted { return counter.next() == count }
            return false
        }
    }

    @Test func aConversationResumedWithItsLastNumberGetsExactlyWhatItMissed() async throws {
        try await withServer { server in
            let proxy = try await CuttableProxy.start(to: server.port)
            let alice = try await server.player("alice", port: proxy.port), bob = try await server.player("bob")
            let conversation = try await bob.openConversation(with: try await alice.id())
            let topic = Topic.chat(conversation.room)
            let live = try await alice.connect(following: [topic])
            _ = try await live.updates { if case .snapshot = $0 { true } else { false } }
            try await bob.sendMessage("one", to: conversation.room)
            let before = try await live.events(until: .messagePosted, on: topic).events(on: topic)
            await proxy.goDown()
            for text in ["two", "three", "four"] { try await bob.sendMessage(text, to: conversation.room) }
            proxy.comeBack()
            let afterCut = try await live.updates {
                if case .event(topic, _, let event) = $0 { return event.message?.text == "four" }
                return false
            }
            #expect(!afterCut.contains { if case .snapshot = $0 { true } else { false } }, "the missed messages, not a snapshot")
            let missed = afterCut.events(on: topic)
            #expect(missed.map(\.seq) == [before.last!.seq + 1, before.last!.seq + 2, before.last!.seq + 3])
            #expect(missed.compactMap(\.event.message?.text) == ["two", "three", "four"])
            await live.close()
            await proxy.stop()
        }
    }
}

/// Counts from one up, from any thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
