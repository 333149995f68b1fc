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
            let events = EventStore(database: store.sql)
            for topic in topics {
                let logged = changes.filter { $0.contains(topic) }.count
                #expect(try await events.currentSeq(of: topic) == logged)
                let stored = try #require(try await events.events(on: topic, after: 0, through: logged))
                #expect(stored.map(\.seq) == Array(1...logged))
            }
        }
    }

    /// A client that resumes from a number must never be given a number again: a topic's
    /// numbers go on after housekeeping prunes its old events, whether some are left or none.
    @Test func aTopicsNumbersGoOnAfterItsEventsArePruned() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { server in
            let store = server.app.store, events = EventStore(database: server.app.store.sql)
            let emptied = Topic.user(UserID(rawValue: UUID())), thinned = Topic.user(UserID(rawValue: UUID()))
            for _ in 0..<3 { try await store.change { $0.log(.hiddenChanged([]), to: [emptied, thinned]) } }
            try await server.advance(clock, by: 23 * 3600)
            for _ in 0..<2 { try await store.change { $0.log(.hiddenChanged([]), to: [thinned]) } }
            try await server.advance(clock, by: 2 * 3600)

            #expect(try await events.events(on: emptied, after: 0, through: 3) == nil, "its events are pruned")
            #expect(try await events.events(on: thinned, after: 3, through: 5)?.map(\.seq) == [4, 5], "the day's are kept")
            #expect(try await events.currentSeq(of: emptied) == 3)
            #expect(try await events.currentSeq(of: thinned) == 5)
            try await store.change { $0.log(.hiddenChanged([]), to: [emptied, thinned]) }
            #expect(try await events.events(on: emptied, after: 3, through: 4)?.map(\.seq) == [4])
            #expect(try await events.events(on: thinned, after: 5, through: 6)?.map(\.seq) == [6])
        }
    }
}
