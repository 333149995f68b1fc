import Foundation
import OXOProtocol

/// Reads the message a socket sends most, a move, without the JSON decoder: a flat object
/// of the move's own keys (`type`, `id`, `game`, `cell`, `move_number`), strings without
/// escapes and whole numbers, in any order and spacing, as the SDK, the web client and the
/// bench write it. Anything else (another key, an escape, a nested value, a number with a
/// fraction or a leading zero, a key twice, a field missing or of another type) is left to
/// the decoder, which reads or refuses it as before: this reader answers nil rather
/// than decide anything the decoder would decide otherwise. The decoder's containers cost
/// about forty allocations a move in a debug build, where the CI counts them.
enum MoveMessageReader {
    static func read(_ text: String) -> ClientMessage? {
        var text = text
        return text.withUTF8 { read(bytes: $0) }
    }

    private enum Value {
        case string(Range<Int>)
        case number(Int)
    }

    private static func read(bytes: UnsafeBufferPointer<UInt8>) -> ClientMessage? {
        var scanner = Scanner(bytes: bytes)
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        var type: Range<Int>?, id: Range<Int>?, game: Range<Int>?, cell: Int?, moveNumber: Int?
        var seen = 0
        repeat {
            guard let key = scanner.string(), scanner.take(UInt8(ascii: ":")), let value = scanner.value() else { return nil }
            // Another key, even one the decoder ignores or reads the same ("moveNumber"), is the decoder's.
            guard let name = Key(bytes, key), seen & (1 << name.rawValue) == 0 else { return nil }
            seen |= 1 << name.rawValue
            switch (name, value) {
            case (.type, .string(let range)): type = range
            case (.id, .string(let range)): id = range
            case (.game, .string(let range)): game = range
            case (.cell, .number(let number)): cell = number
            case (.moveNumber, .number(let number)): moveNumber = number
            default: return nil
            }
        } while scanner.take(UInt8(ascii: ","))
        guard scanner.take(UInt8(ascii: "}")), scanner.atEnd, let type, equal(bytes, type, "move"),
              let game, let gameID = GameID(String(decoding: bytes[game], as: UTF8.self)), let cell, let moveNumber
        else { return nil }
        return .move(id: id.map { String(decoding: bytes[$0], as: UTF8.self) }, game: gameID, cell: cell, moveNumber: moveNumber)
    }

    private enum Key: Int {
        case type, id, game, cell, moveNumber

        init?(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) {
            if equal(bytes, name, "type") { self = .type } else if equal(bytes, name, "id") { self = .id }
            else if equal(bytes, name, "game") { self = .game } else if equal(bytes, name, "cell") { self = .cell }
            else if equal(bytes, name, "move_number") { self = .moveNumber } else { return nil }
        }
    }

    /// Byte by byte: the collections' generic comparison allocates in a debug build.
    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
        word.withUTF8Buffer { word in
            guard word.count == range.count else { return false }
            var index = 0
            while index < word.count {
                guard bytes[range.lowerBound + index] == word[index] else { return false }
                index += 1
            }
            return true
        }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var atEnd: Bool {
            mutating get { skipSpace(); return index == bytes.count }
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A string of printable ASCII without escapes: its bytes' range, quotes left out.
        mutating func string() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                guard (0x20..<0x7F).contains(bytes[index]), bytes[index] != UInt8(ascii: "\\") else { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            index += 1
            return start..<(index - 1)
        }

        /// A string, or a whole number of at most nine digits without a leading zero.
        mutating func value() -> Value? {
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "\"") { return string().map(Value.string) }
            let negative = bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            let start = index
            var number = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                number = number * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            let digits = index - start
            guard digits > 0, digits <= 9, digits == 1 || bytes[start] != UInt8(ascii: "0"),
                  !(negative && number == 0) else { return nil }
            // A fraction or an exponent follows: not a whole number as written.
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e") { return nil }
            return .number(negative ? -number : number)
        }
    }
}
