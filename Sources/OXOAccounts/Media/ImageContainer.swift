/// The parts of an image file, in order, found by their lengths alone: PNG's chunks,
/// WebP's RIFF chunks and GIF's blocks. The frame walker (`ImageFrames`) and the metadata
/// stripper (`ImageMetadata`) both read a file through these, so they agree on its parts.
enum ImageContainer {
    /// One part: its name (a chunk's four letters, or a GIF block's kind) and where it lies.
    struct Part: Equatable, Sendable {
        let name: String
        /// The whole part, headers and all.
        let range: Range<Int>
        /// Its data, where a length says (a chunk's data; a GIF block's descriptor or label onwards).
        let data: Range<Int>
    }

    /// PNG's chunks after the signature: length, type, data, CRC. A chunk that runs past
    /// the end stops the walk, as it stops a decoder.
    static func pngChunks(_ reader: ByteReader) throws(ImageHeaderProblem) -> [Part] {
        var parts: [Part] = []
        var offset = 8
        while offset + 12 <= reader.count {
            let length = try reader.bigEndian32(at: offset)
            let data = offset + 8
            guard data + length + 4 <= reader.count else { break }
            parts.append(Part(name: String(decoding: reader.slice(offset + 4, 4), as: UTF8.self),
                              range: offset..<data + length + 4, data: data..<data + length))
            offset = data + length + 4
        }
        return parts
    }

    /// WebP's chunks after `RIFF…WEBP`, within the length the RIFF header gives, each
    /// padded to an even length.
    static func riffChunks(_ reader: ByteReader) throws(ImageHeaderProblem) -> [Part] {
        var parts: [Part] = []
        let end = min(reader.count, try reader.littleEndian32(at: 4) + 8)
        var offset = 12
        while offset + 8 <= end {
            let length = try reader.littleEndian32(at: offset + 4)
            let data = offset + 8
            guard data + length <= end else { break }
            let next = min(end, data + length + length % 2)
            parts.append(Part(name: String(decoding: reader.slice(offset, 4), as: UTF8.self), range: offset..<next,
                              data: data..<data + length))
            offset = next
        }
        return parts
    }

    /// A GIF's blocks after its screen and colour table, up to the trailer: `image` (its
    /// descriptor, colour table and data) or `extension:XX` with the label in hex (its
    /// sub-blocks). A block cut short is `truncated`; an unknown one `corrupt`.
    static func gifBlocks(_ reader: ByteReader) throws(ImageHeaderProblem) -> (blocks: [Part], trailer: Int) {
        var blocks: [Part] = []
        var offset = 13 + colourTable(flags: try reader.byte(at: 10))
        while true {
            let start = offset
            switch try reader.byte(at: offset) {
            case 0x3B:
                return (blocks, offset)
            case 0x2C:
                offset += 10 + colourTable(flags: try reader.byte(at: offset + 9))
                offset = try subBlocksEnd(reader, from: offset + 1)  // past the LZW code size
                blocks.append(Part(name: "image", range: start..<offset, data: start + 1..<offset))
            case 0x21:
                let label = try reader.byte(at: offset + 1)
                offset = try subBlocksEnd(reader, from: offset + 2)
                blocks.append(Part(name: "extension:" + String(label, radix: 16), range: start..<offset, data: start + 2..<offset))
            default:
                throw .corrupt
            }
        }
    }

    private static func colourTable(flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }

    /// Where a run of sub-blocks (a length byte, that many bytes, … a zero) ends.
    private static func subBlocksEnd(_ reader: ByteReader, from start: Int) throws(ImageHeaderProblem) -> Int {
        var offset = start
        while true {
            let length = Int(try reader.byte(at: offset))
            offset += 1 + length
            if length == 0 { return offset }
        }
    }
}
