import Foundation
import OXOProtocol

/// Reads the photo out of a `multipart/form-data` body (RFC 7578) in one pass.
///
/// A general form parser was quadratic in the number of parts (37,000 empty parts in
/// 1.9 MB cost 12.8 s of CPU) and trapped on a byte above 127 in a header name. A photo
/// form is small and plain: the file in a part named `file` and perhaps a field or two.
/// So this reads at most `maxParts` parts, each header block at most `maxHeaderBytes`,
/// every search starting where the last one stopped, and refuses anything else as
/// `invalid_request` before it costs more.
enum PhotoForm {
    /// More parts than a browser's photo form ever has (the file and a few fields).
    static let maxParts = 8
    /// One part's headers: a content disposition with a file name, and a content type.
    static let maxHeaderBytes = 2 * 1024
    /// RFC 2046's longest boundary.
    static let maxBoundaryBytes = 70

    /// The bytes of the part named `file`.
    static func file(in body: [UInt8], boundary: String) throws(APIError) -> [UInt8] {
        guard (1...maxBoundaryBytes).contains(boundary.utf8.count) else {
            throw refusal("A form's boundary is 1 to \(maxBoundaryBytes) bytes.")
        }
        let delimiter = Array("--\(boundary)".utf8)
        return try body.withUnsafeBytes { bytes in Result { () throws(APIError) in try file(in: bytes, delimiter: delimiter) } }.get()
    }

    private static func file(in bytes: UnsafeRawBufferPointer, delimiter: [UInt8]) throws(APIError) -> [UInt8] {
        guard var position = bytes.firstIndex(of: delimiter) else { throw refusal("The form has no part.") }
        position += delimiter.count
        var parts = 0
        var file: [UInt8]?
        while true {
            // `--boundary--` closes the form: whatever follows is an epilogue.
            if bytes.starts(with: closing, at: position) { break }
            parts += 1
            guard parts <= maxParts else { throw refusal("A photo form has at most \(maxParts) parts.") }
            // The delimiter's line may end in spaces before its line break.
            while position < bytes.count, bytes[position] == space || bytes[position] == tab { position += 1 }
            guard bytes.starts(with: crlf, at: position) else { throw refusal("A form's boundary line ends with a line break.") }
            // Searched from the delimiter's own line break, so that a part without headers is found too.
            let window = min(bytes.count, position + maxHeaderBytes + blankLine.count)
            guard let headersEnd = UnsafeRawBufferPointer(rebasing: bytes[..<window]).firstIndex(of: blankLine, from: position)
            else { throw refusal("A part's headers are at most \(maxHeaderBytes) bytes and end with a blank line.") }
            let headers = bytes[min(position + crlf.count, headersEnd)..<headersEnd]
            let content = headersEnd + blankLine.count
            guard let next = bytes.firstIndex(of: crlf + delimiter, from: content) else {
                throw refusal("The form is cut short: its closing boundary is missing.")
            }
            guard namesAreASCII(headers) else { throw refusal("A part's header names must be plain ASCII, as in 'Content-Disposition'.") }
            if file == nil, isFilePart(headers) { file = Array(bytes[content..<next]) }
            position = next + crlf.count + delimiter.count
        }
        guard let file else { throw refusal("The form needs the photo in a part named 'file'.") }
        return file
    }

    /// Whether a part's `Content-Disposition` is `form-data` named `file`. Header names are
    /// compared as ASCII; any other byte in one simply does not match.
    private static func isFilePart(_ headers: Slice<UnsafeRawBufferPointer>) -> Bool {
        let text = String(decoding: headers, as: UTF8.self)
        for line in text.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == "content-disposition" else { continue }
            let fields = line[line.index(after: colon)...].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.first?.lowercased() == "form-data" else { return false }
            return fields.dropFirst().contains { $0 == "name=\"file\"" || $0 == "name=file" }
        }
        return false
    }

    /// Header names are tokens (RFC 9110): a byte past 127 in one is no header.
    private static func namesAreASCII(_ headers: Slice<UnsafeRawBufferPointer>) -> Bool {
        var inName = true
        for byte in headers {
            if byte == 10 { inName = true } else if byte == UInt8(ascii: ":") { inName = false } else if inName, byte >= 0x80 { return false }
        }
        return true
    }

    private static func refusal(_ message: String) -> APIError { APIError(.invalidRequest, message) }

    private static let crlf: [UInt8] = [13, 10]
    private static let blankLine: [UInt8] = [13, 10, 13, 10]
    private static let closing: [UInt8] = [0x2D, 0x2D]
    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
}

private extension UnsafeRawBufferPointer {
    func starts(with prefix: [UInt8], at position: Int) -> Bool {
        position + prefix.count <= count && prefix.indices.allSatisfy { self[position + $0] == prefix[$0] }
    }
}
