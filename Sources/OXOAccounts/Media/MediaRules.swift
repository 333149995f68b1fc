import Crypto
import Foundation
import OXOProtocol

/// A photo that passed every check, its metadata taken out, with the hash its bytes are
/// kept under.
package struct CheckedImage: Sendable {
    let bytes: [UInt8]
    package let header: ImageHeader
    /// SHA-256 of the bytes in lower-case hex: the key of its row in `media`, never its
    /// address (each upload has one of its own, in `photos`).
    let hash: String
}

/// What a photo may be: PNG, JPEG, WebP or GIF by its bytes, at most 2 MB, at most
/// 4096 pixels each way by its header and by every frame it holds, and at most
/// `maxFrames` frames and `maxPixels` pixels in all, so that a small file cannot make a
/// browser decode a huge image.
package enum MediaRules {
    static let maxBytes = 2 * 1024 * 1024
    static let maxSide = 4096
    /// An animation of a few seconds; a still is one frame.
    static let maxFrames = 200
    /// Four full-size stills: what every frame of an animation may make together.
    static let maxPixels = 4 * maxSide * maxSide

    package static func check(_ bytes: [UInt8]) throws(APIError) -> CheckedImage {
        guard bytes.count <= maxBytes else {
            throw APIError(.imageTooLarge, "A photo can be at most 2 MB; this one is \(bytes.count) bytes.")
        }
        let header: ImageHeader
        do {
            header = try ImageHeaderReader.read(bytes)
        } catch .unrecognised {
            throw APIError(.unsupportedImage, "A photo is a PNG, JPEG, WebP or GIF file; these bytes are none of them.")
        } catch .truncated {
            throw APIError(.imageCorrupt, "The image is cut short: its header or its end is missing.")
        } catch {
            throw APIError(.imageCorrupt, "The image's header is damaged.")
        }
        guard header.width <= maxSide, header.height <= maxSide else {
            throw APIError(.imageDimensionsTooLarge,
                           "A photo can be at most \(maxSide)×\(maxSide) pixels; this one says it is \(header.width)×\(header.height).")
        }
        try checkFrames(of: bytes, header: header)
        let stripped: [UInt8]
        do {
            stripped = try ImageMetadata.stripped(bytes, format: header.format)
        } catch {
            throw APIError(.imageCorrupt, "The image's segments are damaged or cut short.")
        }
        return CheckedImage(bytes: stripped, header: header, hash: hash(of: stripped))
    }

    private static func checkFrames(of bytes: [UInt8], header: ImageHeader) throws(APIError) {
        let frames: ImageFrames
        do {
            frames = try ImageFrames.read(bytes, header: header)
        } catch {
            throw APIError(.imageCorrupt, "The image's frames are damaged or cut short.")
        }
        guard frames.width <= maxSide, frames.height <= maxSide else {
            throw APIError(.imageDimensionsTooLarge,
                           "A photo can be at most \(maxSide)×\(maxSide) pixels; a frame of this one reaches \(frames.width)×\(frames.height).")
        }
        guard frames.count <= maxFrames else {
            throw APIError(.imageDimensionsTooLarge, "An animation can have at most \(maxFrames) frames; this one has \(frames.count).")
        }
        guard frames.pixels <= maxPixels else {
            throw APIError(.imageDimensionsTooLarge,
                           "An animation's frames can make at most \(maxPixels) pixels together; this one's make \(frames.pixels).")
        }
    }

    static func hash(of bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).hexadecimal
    }

    /// A new upload's address: 256 random bits in lower-case hex, which nobody can guess
    /// or work out from the picture.
    static func newAddress() -> String {
        var random = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        return String((0..<64).map { _ in digits[Int(random.next() % 16)] })
    }

    /// Whether `text` can be a photo's address: 64 lower-case hex digits.
    static func isAddress(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
