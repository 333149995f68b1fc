import CAllocationCounter
import Foundation
import Testing

/// Allocations per move on the move path, run in process: the real app on a fresh SQLite
/// file, and two signed-in players of the SDK playing whole games over their sockets.
///
/// The figure is every allocation of the whole process (the server and this test's
/// client alike) while `gamesPerBlock` games are played, over the moves they make: the
/// games' creation, joins and subscriptions are shared among their moves. Allocation
/// counts, unlike seconds, hardly move on a busy machine; but the hooks count every
/// thread, so the test runs only alone: with `OXO_ALLOCATION_TESTS=1` and a filter, as CI's
/// step "allocations per move, alone" does. It fails when the figure grows past
/// `AllocationBaseline.allowedGrowth` times the baseline in `allocations-per-move.json`.
@Suite("Allocations per move")
struct AllocationsPerMoveTests {
    static let warmUpGames = 10
    static let gamesPerBlock = 40
    static let blocks = 3

    @Test(.enabled(if: ProcessInfo.processInfo.environment["OXO_ALLOCATION_TESTS"] != nil,
                   "counts the whole process's allocations: set OXO_ALLOCATION_TESTS=1 and run it alone"),
          .enabled(if: AllocationCounter.isAvailable, "allocations are counted on Linux with glibc only"),
          .timeLimit(.minutes(10)))
    func movesAllocateNoMoreThanTheBaselineAllows() async throws {
        let blocks = try await InProcessServer.with { server in
            try await DrawnGames.seated(at: server) { table in
                // Caches, statements, pools and buffers are made by the first games.
                for _ in 0..<Self.warmUpGames { try await table.play() }
                var measured: [CAllocationCounts] = []
                for _ in 0..<Self.blocks {
                    measured.append(try await AllocationCounter.counting {
                        for _ in 0..<Self.gamesPerBlock { try await table.play() }
                    }.counts)
                }
                return measured
            }
        }
        let moves = Double(Self.gamesPerBlock * DrawnGames.cells.count)
        try check(blocks.map { Double($0.allocations) / moves }, bytesPerMove: blocks.map { Double($0.bytes) / moves })
    }

    /// The lowest block counts: a timer of the runtime or the event loops allocates in a
    /// block now and then, and never takes away. Over the first few blocks the figure
    /// also rises a little, then levels off (in a debug build by about 0.5 % over 120
    /// games, then within 0.2 % over 200 more): every run plays its blocks after the same
    /// games, so the lowest, the first, is the same figure from run to run.
    private func check(_ perMove: [Double], bytesPerMove: [Double]) throws {
        let figure = perMove.min()!
        let build = AllocationBaseline.build
        let blocks = perMove.map { String(format: "%.1f", $0) }.joined(separator: ", ")
        let bytes = String(format: "%.0f", bytesPerMove[perMove.firstIndex(of: figure)!])
        guard let baseline = try AllocationBaseline.recorded().figure else {
            print("allocations per move (\(build), the whole process: server and client): \(Self.format(figure)), "
                + "\(bytes) bytes; no baseline recorded for \(build) builds (blocks: \(blocks))")
            return
        }
        let limit = baseline * AllocationBaseline.allowedGrowth
        print("allocations per move (\(build), the whole process: server and client): \(Self.format(figure)) "
            + "(baseline \(Self.format(baseline)), limit \(Self.format(limit))), \(bytes) bytes (blocks: \(blocks))")
        #expect(figure <= limit, "a move allocates \(Self.format(figure)) times, past the limit of \(Self.format(limit))")
        if figure < baseline * AllocationBaseline.worthRecording {
            print("allocations per move fell well below the baseline: record \(Self.format(figure)) as \"\(build)\" "
                + "in Tests/OXOAllocationTests/allocations-per-move.json")
        }
    }

    private static func format(_ value: Double) -> String { String(format: "%.0f", value) }
}
