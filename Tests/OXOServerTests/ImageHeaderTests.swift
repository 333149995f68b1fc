@testable import OXOCore
@testable import OXOAccounts
@testable import OXOSocial
@testable import OXOServer
import Testing

/// The header reader on its own, byte by byte: no server.
@Suite("An image's format and size come from its bytes")
struct ImageHeaderTests {
    func read(_ bytes: [UInt8]) -> Result<ImageHeader, ImageHeaderProblem> {
        Result { () throws(ImageHeaderProblem) in try ImageHeaderReader.read(bytes) }
    }

    @Test func eachFormatGivesItsSize() {
        #expect(read(TestImages.png(width: 640, height: 480)) == .success(ImageHeader(format: .png, width: 640, height: 480)))
        #expect(read(TestImages.jpeg(width: 1024, height: 768)) == .success(ImageHeader(format: .jpeg, width: 1024, height: 768)))
        #expect(read(TestImages.gif(width: 300, height: 200)) == .success(ImageHeader(format: .gif, width: 300, height: 200)))
        #expect(read(TestImages.webp(.lossy, width: 800, height: 600)) == .success(ImageHeader(format: .webp, width: 800, height: 600)))
        #expect(read(TestImages.webp(.lossless, width: 16384, height: 1)) == .success(ImageHeader(format: .webp, width: 16384, height: 1)))
        #expect(read(TestImages.webp(.extended, width: 5000, height: 70)) == .success(ImageHeader(format: .webp, width: 5000, height: 70)))
    }

    /// A JPEG may put any segments (EXIF, tables, padding) before its frame, and any frame
    /// type but DHT, JPG and DAC gives the size.
    @Test func aJPEGFrameIsFoundPastOtherSegments() {
        let jpeg = TestImages.jpeg(width: 7, height: 9)
        let exif: [UInt8] = [0xFF, 0xE1, 0x00, 0x06, 0x45, 0x78, 0x69, 0x66]
        let table: [UInt8] = [0xFF, 0xC4, 0x00, 0x03, 0x00]  // DHT, in SOF's range but not a frame
        let padded = Array(jpeg[0..<2]) + exif + table + [0xFF] + Array(jpeg[2...])
        #expect(read(padded) == .success(ImageHeader(format: .jpeg, width: 7, height: 9)))
        var progressive = jpeg
        progressive[progressive.firstIndex(of: 0xC0)!] = 0xC2
        #expect(read(progressive) == .success(ImageHeader(format: .jpeg, width: 7, height: 9)))
    }

    @Test func foreignBytesAreNotImages() {
        for bytes in [TestImages.svg, TestImages.html, TestImages.text, [], Array("%PDF-1.7".utf8), Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)] {
            #expect(read(bytes) == .failure(.unrecognised), "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    /// Every prefix of every good image is refused, none as an image.
    @Test func everyCutShortImageIsTruncated() {
        let images = [TestImages.png(), TestImages.jpeg(), TestImages.gif(), TestImages.webp(.lossy), TestImages.webp(.lossless),
                      TestImages.webp(.extended)]
        for image in images {
            for length in 1..<image.count {
                let result = read(Array(image.prefix(length)))
                #expect(result == .failure(.truncated) || result == .failure(.corrupt), "\(image.prefix(4)) cut at \(length): \(result)")
            }
        }
        #expect(read(Array(TestImages.png().prefix(30))) == .failure(.truncated))
        #expect(read(Array(TestImages.png().dropLast(12))) == .failure(.truncated), "no IEND")
        #expect(read(Array(TestImages.gif().dropLast())) == .failure(.truncated), "no trailer")
        #expect(read(Array(TestImages.jpeg().dropLast(2))) == .failure(.truncated), "no end of image")
        #expect(read(Array(TestImages.webp().dropLast(2))) == .failure(.truncated), "shorter than RIFF says")
    }

    @Test func headersThatContradictThemselvesAreCorrupt() {
        #expect(read(TestImages.png(width: 0, height: 10)) == .failure(.corrupt))
        #expect(read(TestImages.gif(width: 10, height: 0)) == .failure(.corrupt))
        #expect(read(TestImages.jpeg(width: 0, height: 5)) == .failure(.corrupt))
        var noIHDR = TestImages.png()
        noIHDR.replaceSubrange(12..<16, with: Array("IDAT".utf8))
        #expect(read(noIHDR) == .failure(.corrupt))
        var scanFirst = TestImages.jpeg()
        scanFirst.replaceSubrange(2..<4, with: [0xFF, 0xDA])
        #expect(read(scanFirst) == .failure(.corrupt), "a scan before any frame")
        var noStartCode = TestImages.webp(.lossy)
        noStartCode[23] = 0
        #expect(read(noStartCode) == .failure(.corrupt))
        var unknownChunk = TestImages.webp()
        unknownChunk.replaceSubrange(12..<16, with: Array("ALPH".utf8))
        #expect(read(unknownChunk) == .failure(.corrupt))
    }

    /// The size the header claims is what counts, however small the file.
    @Test func aSmallFileMayClaimAHugeImage() {
        #expect(read(TestImages.png(width: 100_000, height: 100_000)) == .success(ImageHeader(format: .png, width: 100_000, height: 100_000)))
        #expect(TestImages.png(width: 100_000, height: 100_000).count < 100)
    }
}
