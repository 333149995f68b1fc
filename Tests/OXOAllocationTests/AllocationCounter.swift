import CAllocationCounter

/// The process's allocations, as the hooks of `CAllocationCounter` count them: every
/// thread's, whatever it is doing, so a figure means something only when nothing else runs.
enum AllocationCounter {
    /// False where the hooks do not exist (anything but Linux with glibc).
    static var isAvailable: Bool { c_allocation_counter_available() }

    /// What `body` and everything else in the process allocated while it ran.
    static func counting<T>(_ body: () async throws -> T) async rethrows -> (result: T, counts: CAllocationCounts) {
        c_allocation_counter_reset()
        let result = try await body()
        return (result, c_allocation_counter_read())
    }
}
