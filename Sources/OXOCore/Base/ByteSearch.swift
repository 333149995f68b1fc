import Foundation

extension UnsafeRawBufferPointer {
    /// Where `needle`'s bytes first occur at or after `start`; nil when they do not.
    package func firstIndex(of needle: [UInt8], from start: Int = 0) -> Int? {
        guard let first = needle.first else { return start <= count ? start : nil }
        guard needle.count <= count, start <= count - needle.count else { return nil }
        return needle.withUnsafeBytes { needleBytes in
            for index in start...(count - needle.count) where self[index] == first {
                if memcmp(baseAddress! + index, needleBytes.baseAddress!, needle.count) == 0 { return index }
            }
            return nil
        }
    }
}
