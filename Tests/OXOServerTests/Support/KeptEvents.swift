import Foundation
@testable import OXOCore
import OXOProtocol

extension Store {
    /// How many of the events this process keeps of `topic` pass `test`, once at least one
    /// does (on PostgreSQL the relay brings them a moment after their commit).
    func keptEvents(on topic: Topic, counting test: @escaping @Sendable (StoredEvent) -> Bool) async throws -> Int {
        try await within {
            while true {
                let last = try await self.topicSeq(of: topic)
                var after = last
                while after > 0, self.missedEvents(on: topic, after: after - 1, through: last) != nil { after -= 1 }
                let count = (self.missedEvents(on: topic, after: after, through: last) ?? []).filter(test).count
                if count > 0 { return count }
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }
}
