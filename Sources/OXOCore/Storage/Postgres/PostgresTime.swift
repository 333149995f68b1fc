import Foundation
import NIOCore
import PostgresNIO

extension Date {
    /// This moment as PostgreSQL keeps it, in whole microseconds, as a statement would
    /// return it: for a write that answers before it is made (`DeferredWrite`) to say
    /// what a later read will. Through PostgresNIO's own encoding and decoding, not a copy.
    package var asKeptByPostgres: Date {
        var buffer = ByteBuffer()
        encode(into: &buffer, context: .default)
        return (try? Date(from: &buffer, type: .timestamptz, format: .binary, context: .default)) ?? self
    }
}
