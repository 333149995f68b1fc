import Foundation
@testable import OXOCore
@testable import OXOAccounts
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer

/// Tiny images made by hand, one per format, whose headers say whatever size a test
/// wants. The 1×1 PNG and GIF are real pictures; the others only need sound headers.
enum TestImages {
    static func png(width: Int = 1, height: Int = 1) -> [UInt8] {
        let header = bigEndian32(width) + bigEndian32(height) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", [0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00]) + chunk("IEND", [])
    }

    /// A baseline JPEG: an APP0 segment, then the frame (SOF0) with the size, a scan and the end.
    static func jpeg(width: Int = 2, height: Int = 3) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
            + [0xFF, 0xC0, 0x00, 0x11, 0x08] + bigEndian16(height) + bigEndian16(width)
            + [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
            + [0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3F, 0x00, 0x00, 0xFF, 0xD9]
    }

    static func gif(width: Int = 1, height: Int = 1) -> [UInt8] {
        Array("GIF89a".utf8) + littleEndian16(width) + littleEndian16(height)
            + [0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00]
            + [0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]
    }

    /// A GIF whose screen is `screen` pixels square, holding `frames` frames of `frame`
    /// pixels square (each with one pixel of data).
    static func gif(screen: Int, frames: Int = 1, frame: Int) -> [UInt8] {
        var bytes: [UInt8] = Array("GIF89a".utf8)
        bytes += littleEndian16(screen)
        bytes += littleEndian16(screen)
        bytes += [0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00]
        for _ in 0..<frames {
            bytes += [0x21, 0xF9, 0x04, 0x00, 0x0A, 0x00, 0x00, 0x00]  // the frame's delay
            bytes += [0x2C, 0x00, 0x00, 0x00, 0x00]
            bytes += littleEndian16(frame)
            bytes += littleEndian16(frame)
            bytes += [0x00, 0x02, 0x02, 0x44, 0x01, 0x00]
        }
        bytes.append(0x3B)
        return bytes
    }

    /// An animated PNG of `frames` frames of `frame` pixels square on a `width` × `height` canvas.
    static func apng(width: Int = 1, height: Int = 1, frames: Int, frame: Int) -> [UInt8] {
        var header: [UInt8] = bigEndian32(width)
        header += bigEndian32(height)
        header += [8, 2, 0, 0, 0]
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", header)
        bytes += chunk("acTL", bigEndian32(frames) + bigEndian32(0))
        for number in 0..<frames {
            var control: [UInt8] = bigEndian32(number)
            control += bigEndian32(frame)
            control += bigEndian32(frame)
            control += [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 10, 0, 0]
            bytes += chunk("fcTL", control)
        }
        bytes += chunk("IDAT", [0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00])
        bytes += chunk("IEND", [])
        return bytes
    }

    /// An animated WebP: the extended header's canvas, then one frame of `frame` pixels square.
    static func animatedWebP(canvas: Int, frame: Int) -> [UInt8] {
        let canvasSide: [UInt8] = Array(littleEndian32(canvas - 1).prefix(3))
        let frameSide: [UInt8] = Array(littleEndian32(frame - 1).prefix(3))
        var header: [UInt8] = [0x02, 0, 0, 0]
        header += canvasSide
        header += canvasSide
        var frameData: [UInt8] = [0, 0, 0, 0, 0, 0]
        frameData += frameSide
        frameData += frameSide
        frameData += [0x64, 0x00, 0x00, 0x00]
        var body: [UInt8] = Array("WEBP".utf8)
        body += riffChunk("VP8X", header)
        body += riffChunk("ANIM", [0, 0, 0, 0, 0, 0])
        body += riffChunk("ANMF", frameData)
        return riffChunk("RIFF", body)
    }

    private static func riffChunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = Array(name.utf8)
        bytes += littleEndian32(data.count)
        bytes += data
        return bytes
    }

    enum WebPKind { case lossy, lossless, extended }

    static func webp(_ kind: WebPKind = .lossless, width: Int = 4, height: Int = 5) -> [UInt8] {
        let chunk: [UInt8]
        switch kind {
        case .lossy:
            let frame = [0x50, 0x02, 0x00, 0x9D, 0x01, 0x2A] + littleEndian16(width) + littleEndian16(height) + [0, 0]
            chunk = Array("VP8 ".utf8) + littleEndian32(frame.count) + frame
        case .lossless:
            let bits = (width - 1) | (height - 1) << 14
            let frame = [0x2F] + littleEndian32(bits) + [0, 0, 0]
            chunk = Array("VP8L".utf8) + littleEndian32(frame.count) + frame
        case .extended:
            let frame: [UInt8] = [0, 0, 0, 0] + Array(littleEndian32(width - 1).prefix(3)) + Array(littleEndian32(height - 1).prefix(3))
            chunk = Array("VP8X".utf8) + littleEndian32(frame.count) + frame
        }
        let body = Array("WEBP".utf8) + chunk
        return Array("RIFF".utf8) + littleEndian32(body.count) + body
    }

    static let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8)
    static let html = Array("<!doctype html><img src=x onerror=alert(1)>".utf8)
    static let text = Array("These are the minutes of the meeting.\n".utf8)

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        PNGChunk.make(type, data)
    }

    private static func bigEndian16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    private static func bigEndian32(_ value: Int) -> [UInt8] { bigEndian16(value >> 16) + bigEndian16(value) }
    private static func littleEndian16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    private static func littleEndian32(_ value: Int) -> [UInt8] { littleEndian16(value) + littleEndian16(value >> 16) }
}
