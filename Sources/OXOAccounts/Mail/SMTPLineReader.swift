import NIOCore

/// Cuts what the relay sends into lines (CRLF, or a bare LF, taken off). A line longer
/// than any reply needs ends the conversation, so a relay cannot make the server hold
/// an endless line.
struct SMTPLineDecoder: ByteToMessageDecoder {
    typealias InboundOut = String

    static let longestLine = 4096

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            guard buffer.readableBytes <= Self.longestLine else { throw SMTPError("the relay sent a line over 4 KiB") }
            return .needMoreData
        }
        var line = buffer.readString(length: newline - buffer.readerIndex) ?? ""
        buffer.moveReaderIndex(forwardBy: 1)
        if line.hasSuffix("\r") { line.removeLast() }
        context.fireChannelRead(wrapInboundOut(line))
        return .continue
    }
}

/// One reply of the relay: its code and the text of each of its lines.
struct SMTPReply: Sendable {
    let code: Int
    let lines: [String]

    var text: String { lines.joined(separator: " / ") }
}

/// Reads whole replies, which may span lines ("250-…" until "250 …").
struct SMTPReplies {
    var lines: NIOAsyncChannelInboundStream<String>.AsyncIterator

    mutating func next() async throws -> SMTPReply {
        var texts: [String] = []
        while let line = try await lines.next() {
            let bytes = Array(line.utf8)
            guard bytes.count >= 3, let code = Int(String(decoding: bytes[0..<3], as: UTF8.self)), (200...599).contains(code),
                  bytes.count == 3 || [UInt8(ascii: " "), UInt8(ascii: "-")].contains(bytes[3])
            else { throw SMTPError("the relay's reply was not SMTP: \(line.prefix(80))") }
            texts.append(String(decoding: bytes.dropFirst(4), as: UTF8.self))
            guard texts.count <= 100 else { throw SMTPError("the relay's reply ran over 100 lines") }
            if bytes.count == 3 || bytes[3] == UInt8(ascii: " ") { return SMTPReply(code: code, lines: texts) }
        }
        throw SMTPError("the relay closed the connection")
    }
}

/// Why a mail was not handed over. `permanent` when the relay refused the mail itself
/// (a 5xx reply to its recipient or its content): sending it again would be refused again.
struct SMTPError: Error, CustomStringConvertible {
    let description: String
    var permanent = false

    init(_ description: String, permanent: Bool = false) {
        self.description = description
        self.permanent = permanent
    }
}
