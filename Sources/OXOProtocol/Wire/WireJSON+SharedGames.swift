import Foundation

/// A move's game is written for its `move_played` event, for the opponent's `your_turn`
/// and for the mover's `ack`: the same view, three times, on two threads (the events on
/// the writer's before the commit, the answer on the mover's event loop after it). The
/// bytes of the last view written of each game are kept here and copied for a view equal
/// to it, so each is encoded once. Equal views are the same bytes whoever reads them, so
/// sharing them cannot give one audience another's view; comparing two views costs no
/// allocation, and the arrays in them compare by identity first.
///
/// One slot for each game id's hash, a fixed number of them: a slot taken over by another
/// game only costs an encoding, and memory stays bounded however many games there are.
final class SharedGameJSON: @unchecked Sendable {
    static let shared = SharedGameJSON()

    private static let slotCount = 1_024
    private let lock = NSLock()
    private var slots = [(view: GameView, bytes: [UInt8])?](repeating: nil, count: slotCount)

    func bytes(of view: GameView) -> [UInt8]? {
        let index = Self.slot(of: view)
        lock.lock()
        defer { lock.unlock() }
        guard let kept = slots[index], kept.view == view else { return nil }
        return kept.bytes
    }

    func keep(_ bytes: [UInt8], of view: GameView) {
        let index = Self.slot(of: view)
        lock.lock()
        defer { lock.unlock() }
        slots[index] = (view, bytes)
    }

    private static func slot(of view: GameView) -> Int {
        Int(UInt(bitPattern: view.id.rawValue.hashValue) % UInt(slotCount))
    }
}

extension WireJSON {
    /// Writes `view`, copying its bytes when an equal view was written last for its game.
    mutating func game(_ view: GameView) {
        if let kept = SharedGameJSON.shared.bytes(of: view) {
            append(written: kept)
            return
        }
        let start = bytes.count
        view.write(to: &self)
        SharedGameJSON.shared.keep(Array(bytes[start...]), of: view)
    }
}
