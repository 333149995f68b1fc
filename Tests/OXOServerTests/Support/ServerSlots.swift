import Foundation

/// How many tests may have a server running at once. Swift Testing starts every test of
/// the process together: over a hundred servers and their clients then share the
/// process's few task threads, and a test that waits 20 s for something its server does
/// at once measured, on a busy 2-core machine, 17 s of other tests' work. A test waits
/// for a slot before its server starts, so its own waits measure its own server.
actor ServerSlots {
    static let shared = ServerSlots(count: max(8, 4 * ProcessInfo.processInfo.activeProcessorCount))

    /// Set while a task holds a slot, so that a test that starts a second server inside
    /// the first does not wait for a slot it would never get.
    @TaskLocal static var holding = false

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    private init(count: Int) {
        free = count
    }

    /// Runs `body` holding a slot.
    static func withSlot<T>(_ body: () async throws -> T) async throws -> T {
        if holding { return try await body() }
        await shared.acquire()
        do {
            let result = try await $holding.withValue(true) { try await body() }
            await shared.release()
            return result
        } catch {
            await shared.release()
            throw error
        }
    }

    private func acquire() async {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    private func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
