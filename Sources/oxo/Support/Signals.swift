import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Each delivery of the signal `number` as an element, in place of its default action (for
/// SIGINT, ending the process): how a command winds down on Ctrl-C or redraws on SIGWINCH.
func signals(_ number: Int32) -> AsyncStream<Void> {
    signal(number, SIG_IGN)
    nonisolated(unsafe) let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
    return AsyncStream { continuation in
        source.setEventHandler { continuation.yield() }
        continuation.onTermination = { _ in source.cancel() }
        source.resume()
    }
}
