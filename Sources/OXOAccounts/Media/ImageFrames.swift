/// Every frame an image holds, as a browser would decode them. The header's size is the
/// screen or canvas only: a GIF with a 1×1 screen may hold a 16000×16000 frame, and an
/// animated PNG 900 frames of 4096×4096, each of which a browser decodes (1.7 GB and
/// +570 MiB in one). So the frames are walked, chunk by chunk or block by block, without
/// decoding a pixel: how many there are, how far the furthest reaches, how many pixels
/// they make together.
struct ImageFrames: Equatable, Sendable {
    var count = 0
    /// The furthest right and down any frame reaches (its offset plus its size).
    var width = 0
    var height = 0
    /// Width × height of every frame, added up: what decoding them all costs.
    var pixels = 0

    mutating func add(x: Int = 0, y: Int = 0, width: Int, height: Int) {
        count += 1
        self.width = max(self.width, x + width)
        self.height = max(self.height, y + height)
        // Sides are at most 2^32 as read, far past any limit: clamped, so that the sum
        // saturates instead of overflowing.
        pixels = min(pixels + min(width, 1 << 24) * min(height, 1 << 24), 1 << 62)
    }

    /// A JPEG is one frame: its header's. A PNG or WebP is its canvas and, animated, each
    /// frame its chunks describe.
    static func read(_ bytes: [UInt8], header: ImageHeader) throws(ImageHeaderProblem) -> ImageFrames {
        let reader = ByteReader(bytes: bytes)
        var frames = ImageFrames()
        switch header.format {
        case .jpeg:
            frames.add(width: header.width, height: header.height)
        case .gif:
            // Each image block's descriptor gives its offset and size.
            for block in try ImageContainer.gifBlocks(reader).blocks where block.name == "image" {
                let at = block.data.lowerBound
                try frames.add(x: reader.littleEndian16(at: at), y: reader.littleEndian16(at: at + 2),
                               width: reader.littleEndian16(at: at + 4), height: reader.littleEndian16(at: at + 6))
            }
        case .png:
            // An `fcTL` chunk gives a frame's size at 4 and its offset at 12.
            frames.add(width: header.width, height: header.height)
            try frames.add(try ImageContainer.pngChunks(reader), named: "fcTL", length: 26) { at throws(ImageHeaderProblem) in
                try (reader.bigEndian32(at: at + 12), reader.bigEndian32(at: at + 16), reader.bigEndian32(at: at + 4),
                     reader.bigEndian32(at: at + 8))
            }
        case .webp:
            // An `ANMF` chunk gives a frame's offset in units of two pixels, then its size less one, three bytes each.
            frames.add(width: header.width, height: header.height)
            try frames.add(try ImageContainer.riffChunks(reader), named: "ANMF", length: 16) { at throws(ImageHeaderProblem) in
                try (2 * reader.littleEndian24(at: at), 2 * reader.littleEndian24(at: at + 3), reader.littleEndian24(at: at + 6) + 1,
                     reader.littleEndian24(at: at + 9) + 1)
            }
        }
        return frames
    }

    /// Adds the frame each chunk named `name` (and at least `length` long) describes;
    /// `frame` reads its offset and size from where its data starts.
    private mutating func add(
        _ chunks: [ImageContainer.Part], named name: String, length: Int,
        frame: (Int) throws(ImageHeaderProblem) -> (x: Int, y: Int, width: Int, height: Int)
    ) throws(ImageHeaderProblem) {
        for chunk in chunks where chunk.name == name && chunk.data.count >= length {
            let (x, y, width, height) = try frame(chunk.data.lowerBound)
            add(x: x, y: y, width: width, height: height)
        }
    }
}
