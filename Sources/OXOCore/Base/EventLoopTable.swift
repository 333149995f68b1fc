import NIOConcurrencyHelpers
import NIOCore

/// One value for each event loop, made the first time the loop asks for it: what all the
/// sockets of a loop share rather than each keeping its own.
package final class EventLoopTable<Value: Sendable>: Sendable {
    private let make: @Sendable (any EventLoop) -> Value
    /// Each entry holds its loop, so no other loop can come to have its identifier.
    private let table = NIOLockedValueBox<[ObjectIdentifier: (loop: any EventLoop, value: Value)]>([:])

    package init(make: @escaping @Sendable (any EventLoop) -> Value) {
        self.make = make
    }

    package subscript(_ loop: any EventLoop) -> Value {
        table.withLockedValue { table in
            if let entry = table[ObjectIdentifier(loop)] { return entry.value }
            let value = make(loop)
            table[ObjectIdentifier(loop)] = (loop, value)
            return value
        }
    }
}
