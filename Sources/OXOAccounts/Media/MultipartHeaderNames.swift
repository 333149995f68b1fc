import NIOCore

/// MultipartKit's parser traps on a byte above 127 in a part's header name: it looks the
/// byte up in a table of 128 entries. One such form would take the whole server down, so
/// a form is checked for it before it is parsed.
enum MultipartHeaderNames {
    /// Whether every header name of every part, as the parser could read it, is ASCII.
    /// It errs on the safe side: every line after each `--boundary` (wherever it is, not
    /// only at a line's start) up to a blank one counts as a header line, the rest of the
    /// delimiter's own line too, and a line's name runs to its first colon or, without
    /// one, to its end.
    static func areASCII(in body: ByteBuffer, boundary: String) -> Bool {
        let delimiter = Array("--\(boundary)".utf8)
        return body.withUnsafeReadableBytes { bytes in
            var position = 0
            while let start = bytes.firstIndex(of: delimiter, from: position) {
                position = start + delimiter.count
                // `--boundary--` closes the form: what follows it is no part's headers.
                let closes = bytes.count - position >= 2 && bytes[position] == 0x2D && bytes[position + 1] == 0x2D
                while !closes, position < bytes.count {
                    let end = bytes.firstIndex(of: crlf, from: position) ?? bytes.count
                    let line = bytes[position..<end]
                    let name = line.prefix { $0 != UInt8(ascii: ":") }
                    if name.contains(where: { $0 >= 0x80 }) { return false }
                    position = end + crlf.count
                    // A blank line ends the headers; the delimiter's own line may be empty.
                    if line.isEmpty, end != start + delimiter.count { break }
                }
            }
            return true
        }
    }

    private static let crlf: [UInt8] = [13, 10]
}
