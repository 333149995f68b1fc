import Foundation
@testable import OXOCore
import OXOProtocol
import Testing

/// The recent events a process keeps for clients that resume, without a server.
@Suite("A topic's recent events in memory")
struct TopicHistoryTests {
    static let game = Topic.game(GameID(rawValue: UUID())), lobby = Topic.lobby

    static func history(perTopic: Int = 5, bytes: Int = 1 << 20, topics: Int = 1_000) -> TopicHistory {
        TopicHistory(limits: .init(eventsPerTopic: perTopic, bytes: bytes, topics: topics))
    }

    static func events(_ topic: Topic, _ seqs: ClosedRange<Int>, text: String = "{}") -> [StoredEvent] {
        seqs.map { StoredEvent(topic: topic, seq: $0, payload: text) }
    }

    @Test func theMissedEventsAreGivenWhileKeptAndNilOnceTheyAreNot() {
        let history = Self.history()
        history.record(Self.events(Self.game, 1...8))
        #expect(history.events(on: Self.game, after: 5, through: 8)?.map(\.seq) == [6, 7, 8])
        #expect(history.events(on: Self.game, after: 3, through: 8)?.map(\.seq) == [4, 5, 6, 7, 8], "the last five are kept")
        #expect(history.events(on: Self.game, after: 2, through: 8) == nil, "event 3 is no longer kept")
        #expect(history.events(on: Self.game, after: 8, through: 8)?.isEmpty == true)
        #expect(history.events(on: Self.game, after: 6, through: 9) == nil, "event 9 was never heard")
        #expect(history.events(on: Self.lobby, after: 0, through: 1) == nil)
    }

    @Test func aDuplicateIsDroppedAndAGapStartsTheTopicOver() {
        let history = Self.history()
        history.record(Self.events(Self.game, 1...3) + Self.events(Self.game, 2...3))
        #expect(history.events(on: Self.game, after: 0, through: 3)?.map(\.seq) == [1, 2, 3])
        history.record(Self.events(Self.game, 6...6))
        #expect(history.events(on: Self.game, after: 5, through: 6)?.map(\.seq) == [6])
        #expect(history.events(on: Self.game, after: 3, through: 6) == nil, "4 and 5 were never heard")
    }

    @Test func numbersAreReservedForACommitAndSettledOrAbandoned() throws {
        let history = Self.history()
        let base = try #require(history.settledSeq(of: Self.game))
        #expect(base >= Int(Date().timeIntervalSince1970 * 1000 - 60_000) * 1000, "a fresh base, from the wall clock")
        #expect(history.reserve([Self.game: 2]) == [Self.game: base + 1])
        #expect(history.settledSeq(of: Self.game) == nil, "numbered and not committed yet")
        history.abandon()
        #expect(history.settledSeq(of: Self.game) == base, "the rolled back numbers were never given")
        #expect(history.reserve([Self.game: 2]) == [Self.game: base + 1])
        history.settle(Self.events(Self.game, (base + 1)...(base + 2)))
        #expect(history.settledSeq(of: Self.game) == base + 2)
        #expect(history.reserve([Self.game: 1]) == [Self.game: base + 3])
    }

    @Test func aForgottenTopicStartsAgainAboveEveryNumberItHad() throws {
        let history = Self.history()
        let base = try #require(history.settledSeq(of: Self.game))
        history.settle(Self.events(Self.game, (base + 1)...(base + 1_500)))
        history.forget(.topic(Self.game))
        #expect(try #require(history.settledSeq(of: Self.game)) > base + 1_500)
    }

    @Test func forgettingEventsKeepsTheNumbers() {
        let history = Self.history()
        let user = UUID()
        history.record(Self.events(Self.game, 1...3) + Self.events(Self.lobby, 1...2, text: #"{"by":"\#(user.lowercasedText)"}"#))
        history.forget(.events(of: Self.game))
        #expect(history.events(on: Self.game, after: 2, through: 3) == nil)
        #expect(history.settledSeq(of: Self.game) == 3)
        history.forget(.eventsNaming(user))
        #expect(history.events(on: Self.lobby, after: 1, through: 2) == nil, "the lobby's events named the user")
        history.record(Self.events(Self.game, 4...4))
        #expect(history.events(on: Self.game, after: 3, through: 4)?.map(\.seq) == [4])
    }

    @Test func pastItsBytesTheTopicsHeardOfLeastRecentlyGo() {
        let text = String(repeating: "x", count: 1_000)
        let topics = (0..<20).map { _ in Topic.game(GameID(rawValue: UUID())) }
        let history = Self.history(bytes: 50_000)
        for topic in topics { history.record(Self.events(topic, 1...2, text: text)) }
        let kept = history.counts
        #expect(kept.bytes <= 50_000 && kept.topics < 20)
        #expect(history.events(on: topics[0], after: 0, through: 2) == nil, "the first topic went")
        #expect(history.events(on: topics[19], after: 0, through: 2)?.count == 2, "the last is kept")
    }

    @Test func pastItsTopicsTheLeastRecentGo() {
        let history = Self.history(topics: 10)
        let topics = (0..<11).map { _ in Topic.game(GameID(rawValue: UUID())) }
        for topic in topics { history.record(Self.events(topic, 1...1)) }
        #expect(history.counts.topics <= 10)
        #expect(history.events(on: topics[10], after: 0, through: 1)?.count == 1)
        #expect(history.events(on: topics[0], after: 0, through: 1) == nil)
    }
}
