import Foundation
import NIOConcurrencyHelpers
@testable import OXOCore
import OXOProtocol
import Testing

/// Every topic's events are numbered one after another, whatever changes log to it at once.
/// On PostgreSQL each change takes its topics' numbers in its own transaction: changes that
/// share topics must wait for each other, never deadlock (PostgreSQL would abort one, and
/// the player whose move it was would wait for it to be run again, or see it fail).
@Suite("Topics numbered by racing changes")
struct EventSequenceTests {
    @Test func changesSharingTopicsAtOnceCommitOnceEachAndNumberEveryTopicWithoutAGap() async throws {
        // What is asked is that none is aborted or lost, not how soon: on a loaded machine
        // the last of 240 changes queued on one topic waited past the usual 10 s for a
        // connection.
        try await withServer(adjust: { $0.postgresConnectionsPerLoop = 16; $0.databaseWait = .seconds(120) }) { server in
            let store = server.app.store
            let topics = (0..<8).map { _ in Topic.user(UserID(rawValue: UUID())) }
            // Sets of every size, so that no two processes' dictionaries (nor one's, at
            // different sizes) agree on the order of the topics.
            let changes = (0..<240).map { index in Array(topics.shuffled().prefix(2 + index % 6)) }
            let runs = NIOLockedValueBox(0)
            let failures = await concurrently(changes) { logged in
                try await store.change { change in
                    runs.withLockedValue { $0 += 1 }
                    change.log(.hiddenChanged([]), to: logged)
                }
            }.compactMap { outcome -> String? in
                if case .failure(let error) = outcome { return String(describing: error) }
                return nil
            }
            #expect(failures.isEmpty)
            #expect(runs.withLockedValue { $0 } == changes.count, "no change was aborted and run again")
            for topic in topics {
                let logged = changes.filter { $0.contains(topic) }.count
                // On PostgreSQL the history hears of the events from the relay, a moment later.
                let numbered = try await within {
                    while true {
                        let last = try await store.topicSeq(of: topic)
                        if let kept = store.missedEvents(on: topic, after: last - logged, through: last) { return kept.map(\.seq) }
                        try await Task.sleep(for: .milliseconds(10))
                    }
                }
                #expect(numbered.count == logged)
                #expect(numbered == Array((numbered[0])...(numbered[0] + logged - 1)), "one after another")
            }
        }
    }

    /// A client that resumes from a number must never be given a number again: a topic's
    /// numbers go on after its events are forgotten, and a restarted process numbers above
    /// the last one's, whose events it does not have (its clients get snapshots).
    @Test func aTopicsNumbersGoOnAfterItsEventsAreForgottenAndAfterARestart() async throws {
        try await withServer { server in
            let topic = Topic.user(UserID(rawValue: UUID()))
            for _ in 0..<3 { try await server.app.store.change { $0.log(.hiddenChanged([]), to: [topic]) } }
            let third = try await server.app.store.topicSeq(of: topic)
            try await server.app.store.change { try await $0.forgetHistory(of: topic) }
            try await within {
                while server.app.store.missedEvents(on: topic, after: third - 1, through: third) != nil {
                    try await Task.sleep(for: .milliseconds(10))
                }
            }
            #expect(try await server.app.store.topicSeq(of: topic) == third)
            try await server.app.store.change { $0.log(.hiddenChanged([]), to: [topic]) }
            let fourth = try await within {
                while true {
                    let last = try await server.app.store.topicSeq(of: topic)
                    if last > third, server.app.store.missedEvents(on: topic, after: third, through: last) != nil { return last }
                    try await Task.sleep(for: .milliseconds(10))
                }
            }
            #expect(fourth == third + 1)

            let restarted = try await server.restarted(onSamePort: false)
            let next = try? await restarted.app.store.topicSeq(of: topic)
            let kept = restarted.app.store.missedEvents(on: topic, after: third, through: fourth)
            try await restarted.stop()
            #expect(try #require(next) >= fourth, "never below a number given before")
            #expect(kept == nil, "nothing kept across the restart")
        }
    }
}
