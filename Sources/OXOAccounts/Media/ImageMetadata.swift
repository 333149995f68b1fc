/// Takes out of a photo what it says beyond its picture: EXIF (with the place it was
/// taken, from GPS, and the camera's serial number), XMP, IPTC, comments, and PNG's text
/// and time chunks. A JPEG with a GPS block was served byte for byte, to anyone with its
/// address. What a viewer needs to show it is kept: the colour profile, and the EXIF
/// orientation, written again as the one tag of a new, minimal EXIF block.
enum ImageMetadata {
    static func stripped(_ bytes: [UInt8], format: ImageFormat) throws(ImageHeaderProblem) -> [UInt8] {
        let reader = ByteReader(bytes: bytes)
        switch format {
        case .jpeg: return try jpeg(reader)
        case .png: return try png(reader)
        case .webp: return try webp(reader)
        case .gif: return try gif(reader)
        }
    }

    /// JPEG: the segments before the first scan, without APP1 (EXIF, XMP), APP3–APP13
    /// (IPTC and the like), APP15, comments and APP2 but for the ICC profile; then the
    /// image data up to its end-of-image, without whatever follows it (phones append more
    /// pictures there, each with its own EXIF).
    private static func jpeg(_ reader: ByteReader) throws(ImageHeaderProblem) -> [UInt8] {
        var kept: [UInt8] = [0xFF, 0xD8]
        var orientation: UInt16?
        var offset = 2
        while true {
            guard try reader.byte(at: offset) == 0xFF else { throw .corrupt }
            let marker = try reader.byte(at: offset + 1)
            if marker == 0xFF { offset += 1; continue }  // padding before a marker
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { kept += [0xFF, marker]; offset += 2; continue }
            if marker == 0xDA { break }
            let end = offset + 2 + (try reader.bigEndian16(at: offset + 2))
            guard end <= reader.count else { throw .truncated }
            let data = reader.slice(offset + 4, end - offset - 4)
            if marker == 0xE1, data.starts(with: exifPrefix) {
                orientation = orientation ?? Orientation.read(fromTIFF: Array(data.dropFirst(exifPrefix.count)))
            }
            if keepsJPEGSegment(marker, data: data) { kept += reader.slice(offset, end - offset) }
            offset = end
        }
        if let orientation {
            let exif = exifPrefix + Orientation.tiff(orientation)
            kept.insert(contentsOf: [0xFF, 0xE1] + bigEndian16(exif.count + 2) + exif, at: 2)
        }
        let scan = offset
        var end = reader.count
        var index = scan + 2
        while index + 1 < reader.count {
            if reader.bytes[index] == 0xFF, reader.bytes[index + 1] == 0xD9 { end = index + 2; break }
            index += 1
        }
        return kept + reader.slice(scan, end - scan)
    }

    private static func keepsJPEGSegment(_ marker: UInt8, data: ArraySlice<UInt8>) -> Bool {
        switch marker {
        case 0xE1, 0xE3...0xED, 0xEF, 0xFE: false
        case 0xE2: data.starts(with: Array("ICC_PROFILE\u{0}".utf8))
        default: true
        }
    }

    /// PNG: every chunk but text (`tEXt`, `iTXt`, `zTXt`), the time (`tIME`) and EXIF
    /// (`eXIf`), whose orientation comes back in a minimal `eXIf` of its own.
    private static func png(_ reader: ByteReader) throws(ImageHeaderProblem) -> [UInt8] {
        var kept = Array(reader.slice(0, 8))
        let chunks = try ImageContainer.pngChunks(reader)
        for chunk in chunks {
            switch chunk.name {
            case "tEXt", "iTXt", "zTXt", "tIME":
                continue
            case "eXIf":
                if let orientation = Orientation.read(fromTIFF: Array(reader.bytes[chunk.data])) {
                    kept += PNGChunk.make("eXIf", Orientation.tiff(orientation))
                }
            default:
                kept += reader.bytes[chunk.range]
            }
        }
        // Past a chunk that runs beyond the end nothing is read as chunks; it stays as it was.
        return kept + reader.bytes[(chunks.last?.range.upperBound ?? 8)...]
    }

    /// WebP: every chunk but `EXIF` and `XMP `, with VP8X's flags for them brought in line
    /// (the orientation, when there was one, in a minimal EXIF chunk) and the RIFF length
    /// counted again.
    private static func webp(_ reader: ByteReader) throws(ImageHeaderProblem) -> [UInt8] {
        let chunks = try ImageContainer.riffChunks(reader)
        var orientation: UInt16?
        var body: [UInt8] = Array("WEBP".utf8)
        for chunk in chunks {
            switch chunk.name {
            case "EXIF":
                orientation = Orientation.read(fromTIFF: Array(reader.bytes[chunk.data]))
            case "XMP ":
                continue
            default:
                body += reader.bytes[chunk.range]
            }
        }
        // VP8X's flags: bit 3 says an EXIF chunk follows, bit 2 an XMP one. Only the
        // extended format has metadata at all.
        if chunks.first?.name == "VP8X", body.count > 12 {
            body[12] = body[12] & ~0x0C | (orientation == nil ? 0 : 0x08)
            if let orientation {
                let tiff = Orientation.tiff(orientation)
                body += Array("EXIF".utf8) + littleEndian32(tiff.count) + tiff
            }
        }
        return Array("RIFF".utf8) + littleEndian32(body.count) + body
    }

    /// GIF: every block but comments and application blocks other than the looping one
    /// (XMP comes as an application block).
    private static func gif(_ reader: ByteReader) throws(ImageHeaderProblem) -> [UInt8] {
        let (blocks, trailer) = try ImageContainer.gifBlocks(reader)
        var kept = Array(reader.slice(0, blocks.first?.range.lowerBound ?? trailer))
        for block in blocks {
            let data = reader.bytes[block.data]
            let isComment = block.name == "extension:fe"
            let isForeignApplication = block.name == "extension:ff"
                && !(data.dropFirst().starts(with: Array("NETSCAPE2.0".utf8)) || data.dropFirst().starts(with: Array("ANIMEXTS1.0".utf8)))
            if !isComment && !isForeignApplication { kept += reader.bytes[block.range] }
        }
        return kept + [0x3B]
    }

    private static let exifPrefix: [UInt8] = Array("Exif".utf8) + [0, 0]

    private static func bigEndian16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    private static func littleEndian32(_ value: Int) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24 & 0xFF)]
    }
}

/// EXIF's orientation tag (0x0112): how the picture is turned, 1 to 8; kept so a photo
/// taken with the phone on its side is still shown upright.
enum Orientation {
    /// The tag from a TIFF structure's first directory, in either byte order; nil when
    /// there is none, it is the default (1), or the structure is damaged.
    static func read(fromTIFF tiff: [UInt8]) -> UInt16? {
        guard tiff.count >= 8 else { return nil }
        let little = tiff[0] == 0x49 && tiff[1] == 0x49
        guard little || (tiff[0] == 0x4D && tiff[1] == 0x4D) else { return nil }
        func number(_ at: Int, _ length: Int) -> Int? {
            guard at >= 0, at + length <= tiff.count else { return nil }
            let bytes = tiff[at..<at + length]
            let ordered = little ? Array(bytes.reversed()) : Array(bytes)
            return ordered.reduce(0) { $0 << 8 | Int($1) }
        }
        guard let directory = number(4, 4), let entries = number(directory, 2) else { return nil }
        for entry in 0..<min(entries, 1000) {
            let at = directory + 2 + 12 * entry
            guard let tag = number(at, 2) else { return nil }
            if tag == 0x0112, let value = number(at + 8, 2), (2...8).contains(value) { return UInt16(value) }
        }
        return nil
    }

    /// A TIFF structure with one directory holding the orientation alone.
    static func tiff(_ orientation: UInt16) -> [UInt8] {
        [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, 0x00, 0x01,
         0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, UInt8(orientation >> 8), UInt8(orientation & 0xFF), 0x00, 0x00,
         0x00, 0x00, 0x00, 0x00]
    }
}

/// A PNG chunk with its CRC (that of its type and data, as PNG defines it).
enum PNGChunk {
    static func make(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = crc32(typed)
        return [UInt8(data.count >> 24 & 0xFF), UInt8(data.count >> 16 & 0xFF), UInt8(data.count >> 8 & 0xFF), UInt8(data.count & 0xFF)]
            + typed + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
