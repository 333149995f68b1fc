@testable import OXOCore
import Testing

/// Changes that wait for the writer are taken in groups no larger than the queue's limit,
/// in the order they came, and the draining task is told when none are left.
@Suite("The changes' queue")
struct ChangeQueueTests {
    @Test func changesAreTakenInOrderInGroupsNoLargerThanTheLimit() {
        let queue = ChangeQueue(drainers: 1, groupLimit: 4)
        let changes = (0..<10).map { number in Queued<Int>(body: { _, _ in (number, []) }, read: nil, answer: { _ in }) }
        #expect(queue.add(changes[0]), "the first change starts a drainer")
        for change in changes.dropFirst() { #expect(!queue.add(change), "one drainer is enough") }
        var taken: [[ObjectIdentifier]] = []
        while let group = queue.nextGroup() { taken.append(group.map { ObjectIdentifier($0 as AnyObject) }) }
        #expect(taken.map(\.count) == [4, 4, 2])
        #expect(taken.flatMap { $0 } == changes.map { ObjectIdentifier($0) })
        #expect(queue.add(changes[0]), "with the queue drained, the next change starts a drainer again")
    }
}
