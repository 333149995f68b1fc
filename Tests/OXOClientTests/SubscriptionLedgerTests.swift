import OXOProtocol
import Testing
@testable import OXOClient

/// The resume bookkeeping: what to subscribe with after a reconnect, and what to deliver or drop.
/// Each test feeds the ledger what a socket would bring, in order, and checks its verdicts.
@Suite struct SubscriptionLedgerTests {
    let game = Topic.game(Fixtures.gameID)

    @Test func aNewTopicAsksForASnapshotAndIgnoresEventsBeforeIt() {
        var ledger = SubscriptionLedger(following: [game])
        #expect(ledger.subscriptions == [.init(topic: game, after: nil)])
        let verdicts = [
            ledger.receiveEvent(on: game, seq: 4),
            ledger.receiveSnapshot(on: game, seq: 4),
            ledger.receiveEvent(on: game, seq: 5),
        ]
        #expect(verdicts == [.drop, .deliver, .deliver])
    }

    @Test func aReconnectResumesAfterTheLastDeliveredEvent() {
        var ledger = SubscriptionLedger(following: [game, .lobby])
        _ = ledger.receiveSnapshot(on: game, seq: 2)
        _ = ledger.receiveEvent(on: game, seq: 3)
        _ = ledger.receiveEvent(on: game, seq: 4)
        #expect(ledger.subscriptions == [.init(topic: game, after: 4), .init(topic: .lobby, after: nil)])
    }

    @Test func eventsReplayedAfterAReconnectAreDeliveredOnce() {
        var ledger = SubscriptionLedger(following: [game])
        _ = ledger.receiveSnapshot(on: game, seq: 0)
        let firstSocket = [1, 2, 3].map { ledger.receiveEvent(on: game, seq: $0) }
        // The server replays from the `after` it was given, and live events may overlap it.
        let secondSocket = [3, 4, 4, 5].map { ledger.receiveEvent(on: game, seq: $0) }
        #expect(firstSocket == [.deliver, .deliver, .deliver])
        #expect(secondSocket == [.drop, .deliver, .drop, .deliver])
        #expect(ledger.positions[game] == .delivered(through: 5))
    }

    @Test func aGapAsksForASnapshotAndDropsEventsUntilItComes() {
        var ledger = SubscriptionLedger(following: [game])
        _ = ledger.receiveSnapshot(on: game, seq: 1)
        let beforeSnapshot = [ledger.receiveEvent(on: game, seq: 3), ledger.receiveEvent(on: game, seq: 4)]
        #expect(beforeSnapshot == [.resync, .drop])
        #expect(ledger.subscriptions == [.init(topic: game, after: nil)])
        let afterSnapshot = [ledger.receiveSnapshot(on: game, seq: 4), ledger.receiveEvent(on: game, seq: 5)]
        #expect(afterSnapshot == [.deliver, .deliver])
    }

    @Test func aSnapshotResetsTheLastNumberEvenBackwards() {
        var ledger = SubscriptionLedger(following: [game])
        let verdicts = [
            ledger.receiveSnapshot(on: game, seq: 9),
            ledger.receiveSnapshot(on: game, seq: 2),
            ledger.receiveEvent(on: game, seq: 3),
        ]
        #expect(verdicts == [.deliver, .deliver, .deliver])
        #expect(ledger.subscriptions == [.init(topic: game, after: 3)])
    }

    @Test func anUnfollowedTopicDeliversNothingMore() {
        var ledger = SubscriptionLedger(following: [game])
        _ = ledger.receiveSnapshot(on: game, seq: 1)
        let removals = [ledger.unfollow(game), ledger.unfollow(game)]
        #expect(removals == [true, false])
        let verdicts = [ledger.receiveEvent(on: game, seq: 2), ledger.receiveSnapshot(on: game, seq: 2)]
        #expect(verdicts == [.drop, .drop])
        #expect(ledger.subscriptions.isEmpty)
    }

    @Test func followingATopicTwiceKeepsItsPlace() {
        var ledger = SubscriptionLedger(following: [])
        let first = ledger.follow(.lobby)
        _ = ledger.receiveSnapshot(on: .lobby, seq: 7)
        let second = ledger.follow(.lobby)
        #expect(first && !second)
        #expect(ledger.subscriptions == [.init(topic: .lobby, after: 7)])
    }

    @Test func topicsKeepTheirOwnNumbers() {
        var ledger = SubscriptionLedger(following: [game, .lobby])
        _ = ledger.receiveSnapshot(on: game, seq: 10)
        _ = ledger.receiveSnapshot(on: .lobby, seq: 1)
        let verdicts = [
            ledger.receiveEvent(on: .lobby, seq: 2),
            ledger.receiveEvent(on: game, seq: 2),
            ledger.receiveEvent(on: game, seq: 11),
        ]
        #expect(verdicts == [.deliver, .drop, .deliver])
    }
}
