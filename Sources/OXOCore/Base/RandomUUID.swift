import Foundation

extension UUID {
    /// A random (version 4) UUID from the system's generator: two `getrandom` calls.
    /// Foundation's initialiser opens, reads and closes `/dev/urandom` for each one on
    /// Linux, and the server makes one for nearly every move (its notification), game,
    /// socket and chat message. The server's modules use this one (`RandomUUIDTests`).
    package static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        // The version's four bits (4) in the seventh byte, the variant's two (10) in the ninth.
        let high = (generator.next() as UInt64) & ~0xF000 | 0x4000
        let low = (generator.next() as UInt64) & ~(0xC0 << 56) | (0x80 << 56)
        return withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { UUID(uuid: $0.load(as: uuid_t.self)) }
    }
}
