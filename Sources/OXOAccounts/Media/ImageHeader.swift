/// The four image formats a photo may be, each recognised by its first bytes.
enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg, webp, gif

    /// The one content type the format is served with, whatever an upload claimed.
    var contentType: String { "image/\(rawValue)" }
}

/// What an image's own bytes say it is: its format and its size in pixels.
package struct ImageHeader: Equatable, Sendable {
    let format: ImageFormat
    package let width: Int
    package let height: Int
}

/// Why bytes are not a photo the server can take.
enum ImageHeaderProblem: Error, Equatable {
    /// None of the four formats' signatures: text, SVG, HTML, a PDF…
    case unrecognised
    /// The signature is there but the file stops before its header or its end does.
    case truncated
    /// The header contradicts itself: a zero width, a missing chunk, a frame without size.
    case corrupt
}

/// Reads an image's format and size from its bytes alone, never from a file name or a
/// declared content type. Pure, so each format's edge cases are tested with a few
/// hand-made bytes. It reads headers, not pixels: a file whose header is sound but whose
/// picture data is damaged is still served, to a browser that draws what it can.
enum ImageHeaderReader {
    static func read(_ bytes: [UInt8]) throws(ImageHeaderProblem) -> ImageHeader {
        let reader = ByteReader(bytes: bytes)
        if reader.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return try png(reader) }
        if reader.starts(with: [0xFF, 0xD8, 0xFF]) { return try jpeg(reader) }
        if reader.starts(with: Array("GIF87a".utf8)) || reader.starts(with: Array("GIF89a".utf8)) { return try gif(reader) }
        if reader.starts(with: Array("RIFF".utf8)), reader.matches(Array("WEBP".utf8), at: 8) { return try webp(reader) }
        // Too short to hold any signature in full, but the start of one: cut short, not foreign.
        if bytes.count < 12, isStartOfASignature(bytes) { throw .truncated }
        throw .unrecognised
    }

    /// PNG: the IHDR chunk comes first and holds the size; the file ends with IEND.
    private static func png(_ reader: ByteReader) throws(ImageHeaderProblem) -> ImageHeader {
        guard reader.count >= 24 else { throw .truncated }
        guard reader.matches(Array("IHDR".utf8), at: 12), try reader.bigEndian32(at: 8) == 13 else { throw .corrupt }
        let header = try sized(.png, width: reader.bigEndian32(at: 16), height: reader.bigEndian32(at: 20))
        guard reader.count >= 24 + 5 + 12, reader.ends(with: Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]) else {
            throw .truncated
        }
        return header
    }

    /// JPEG: segments follow the start-of-image marker, each with its length, until a
    /// start-of-frame (SOFn) gives the size; the file ends with the end-of-image marker.
    private static func jpeg(_ reader: ByteReader) throws(ImageHeaderProblem) -> ImageHeader {
        var offset = 2
        while true {
            guard offset < reader.count else { throw .truncated }
            guard try reader.byte(at: offset) == 0xFF else { throw .corrupt }
            // Any number of 0xFF may pad before a marker.
            var marker = try reader.byte(at: offset + 1)
            while marker == 0xFF {
                offset += 1
                marker = try reader.byte(at: offset + 1)
            }
            offset += 2
            // Markers without a length: restart markers and TEM.
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { continue }
            // Start of scan or end of image before any frame: no size to read.
            if marker == 0xDA || marker == 0xD9 || marker == 0xD8 { throw .corrupt }
            let length = try reader.bigEndian16(at: offset)
            guard length >= 2 else { throw .corrupt }
            if isStartOfFrame(marker) {
                let header = try sized(.jpeg, width: reader.bigEndian16(at: offset + 5), height: reader.bigEndian16(at: offset + 3))
                guard reader.trimmingTrailingZeros.ends(with: [0xFF, 0xD9]) else { throw .truncated }
                return header
            }
            offset += length
        }
    }

    /// SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
    }

    /// GIF: the logical screen's size follows the signature; the file ends with 0x3B.
    private static func gif(_ reader: ByteReader) throws(ImageHeaderProblem) -> ImageHeader {
        guard reader.count >= 13 else { throw .truncated }
        let header = try sized(.gif, width: reader.littleEndian16(at: 6), height: reader.littleEndian16(at: 8))
        guard reader.ends(with: [0x3B]) else { throw .truncated }
        return header
    }

    /// WebP: a RIFF file whose length is in its header, and whose first chunk is a lossy
    /// frame (VP8), a lossless one (VP8L) or the extended header (VP8X), each with the size
    /// written its own way.
    private static func webp(_ reader: ByteReader) throws(ImageHeaderProblem) -> ImageHeader {
        guard reader.count >= 20 else { throw .truncated }
        guard try reader.littleEndian32(at: 4) + 8 <= reader.count else { throw .truncated }
        switch String(decoding: reader.slice(12, 4), as: UTF8.self) {
        case "VP8 ":
            guard reader.count >= 30 else { throw .truncated }
            guard reader.matches([0x9D, 0x01, 0x2A], at: 23) else { throw .corrupt }
            return try sized(.webp, width: reader.littleEndian16(at: 26) & 0x3FFF, height: reader.littleEndian16(at: 28) & 0x3FFF)
        case "VP8L":
            guard try reader.byte(at: 20) == 0x2F else { throw .corrupt }
            let bits = try reader.littleEndian32(at: 21)
            return try sized(.webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return try sized(.webp, width: reader.littleEndian24(at: 24) + 1, height: reader.littleEndian24(at: 27) + 1)
        default:
            throw .corrupt
        }
    }

    private static func sized(_ format: ImageFormat, width: Int, height: Int) throws(ImageHeaderProblem) -> ImageHeader {
        guard width > 0, height > 0 else { throw .corrupt }
        return ImageHeader(format: format, width: width, height: height)
    }

    private static let signatures: [[UInt8]] = [
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8, 0xFF], Array("GIF8".utf8), Array("RIFF".utf8),
    ]

    private static func isStartOfASignature(_ bytes: [UInt8]) -> Bool {
        !bytes.isEmpty && signatures.contains { signature in
            bytes.count < signature.count ? signature.starts(with: bytes) : bytes.starts(with: signature)
        }
    }
}

/// Reads numbers at offsets of a byte array; reading past its end is `truncated`. Shared
/// by the header reader and the frame walker (`ImageFrames`).
struct ByteReader {
    let bytes: [UInt8]

    var count: Int { bytes.count }

    func byte(at offset: Int) throws(ImageHeaderProblem) -> UInt8 {
        guard offset >= 0, offset < bytes.count else { throw .truncated }
        return bytes[offset]
    }

    func slice(_ offset: Int, _ length: Int) -> ArraySlice<UInt8> {
        guard offset + length <= bytes.count else { return [] }
        return bytes[offset..<offset + length]
    }

    func matches(_ expected: [UInt8], at offset: Int) -> Bool { slice(offset, expected.count).elementsEqual(expected) }
    func starts(with expected: [UInt8]) -> Bool { matches(expected, at: 0) }
    func ends(with expected: [UInt8]) -> Bool { bytes.count >= expected.count && bytes.suffix(expected.count).elementsEqual(expected) }

    var trimmingTrailingZeros: ByteReader {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0 { end -= 1 }
        return ByteReader(bytes: Array(bytes[..<end]))
    }

    func bigEndian16(at offset: Int) throws(ImageHeaderProblem) -> Int {
        Int(try byte(at: offset)) << 8 | Int(try byte(at: offset + 1))
    }

    func bigEndian32(at offset: Int) throws(ImageHeaderProblem) -> Int {
        try bigEndian16(at: offset) << 16 | bigEndian16(at: offset + 2)
    }

    func littleEndian16(at offset: Int) throws(ImageHeaderProblem) -> Int {
        Int(try byte(at: offset)) | Int(try byte(at: offset + 1)) << 8
    }

    func littleEndian24(at offset: Int) throws(ImageHeaderProblem) -> Int {
        try littleEndian16(at: offset) | Int(try byte(at: offset + 2)) << 16
    }

    func littleEndian32(at offset: Int) throws(ImageHeaderProblem) -> Int {
        try littleEndian16(at: offset) | littleEndian16(at: offset + 2) << 16
    }
}
