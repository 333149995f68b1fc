import Testing

/// The hooks are worth nothing unless the Swift runtime's allocations really reach them;
/// a linker that kept the C library's malloc first would leave every count at zero.
@Suite("The allocation counter")
struct AllocationCounterTests {
    final class Box {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test(.enabled(if: AllocationCounter.isAvailable, "allocations are counted on Linux with glibc only"))
    func countsEveryObjectTheSwiftRuntimeAllocates() async {
        let (boxes, counts) = await AllocationCounter.counting { (0..<1_000).map(Box.init) }
        // Other suites running at once may add to the counts, never take from them.
        #expect(counts.allocations >= 1_000)
        #expect(counts.bytes >= 1_000 * Int64(MemoryLayout<Int>.size))
        #expect(boxes.reduce(0) { $0 + $1.value } == 999 * 1_000 / 2)
    }
}
