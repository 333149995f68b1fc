/// A key pressed at the terminal, as the full-screen client understands it.
enum Key: Hashable, Sendable {
    case character(Character)
    case enter, backspace, tab, escape
    case up, down, left, right
    /// Ctrl-C or Ctrl-D: the player wants to leave.
    case quit
}

/// Turns the bytes a terminal in raw mode sends into keys: printable text (UTF-8), Enter,
/// Backspace, and the arrows' escape sequences in both the normal (`ESC [ A`) and the
/// application cursor mode (`ESC O A`) that tmux and many terminals switch between.
struct KeyDecoder {
    private var pending: [UInt8] = []

    mutating func keys(from bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        while let (key, length) = Self.firstKey(in: pending) {
            pending.removeFirst(length)
            if let key { keys.append(key) }
        }
        return keys
    }

    /// The key at the start of `bytes` and how many bytes it took (nil for bytes that mean
    /// nothing here); nil when they end inside a key, to wait for the rest.
    private static func firstKey(in bytes: [UInt8]) -> (Key?, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B:
            guard bytes.count >= 2 else { return (.escape, 1) }
            guard bytes[1] == UInt8(ascii: "[") || bytes[1] == UInt8(ascii: "O") else { return (.escape, 1) }
            guard bytes.count >= 3 else { return nil }
            let arrows: [UInt8: Key] = [UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down,
                                        UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left]
            if let arrow = arrows[bytes[2]] { return (arrow, 3) }
            // Another sequence (a function key, say): skip to its final byte.
            let end = bytes.dropFirst(2).firstIndex { (0x40...0x7E).contains($0) }
            return end.map { (Key?.none, $0 + 1) }
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x09: return (.tab, 1)
        case 0x03, 0x04: return (.quit, 1)
        case ..<0x20: return (nil, 1)
        default:
            let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
            guard bytes.count >= length else { return nil }
            let text = String(decoding: bytes[0..<length], as: UTF8.self)
            return (text.first.map(Key.character), length)
        }
    }
}
