import Foundation
@testable import OXOCore
@testable import OXOAccounts
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer
import OXOProtocol
import Testing

/// What a photo says beyond its picture is taken out before it is stored; how it is
/// turned stays.
@Suite("Photos lose their metadata, not their orientation")
struct ImageMetadataTests {
    static let secret = Array("GPS 48.8584 N 2.2945 E".utf8)

    /// A little-endian TIFF directory with the orientation and a pointer to a GPS
    /// directory, followed by a place in plain text.
    static func exifTIFF(orientation: UInt8) -> [UInt8] {
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x02, 0x00]
        tiff += [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, orientation, 0x00, 0x00, 0x00]
        tiff += [0x25, 0x88, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 0x26, 0x00, 0x00, 0x00]
        tiff += [0x00, 0x00, 0x00, 0x00]
        tiff += secret
        return tiff
    }

    static func segment(_ marker: UInt8, _ data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, marker, UInt8((data.count + 2) >> 8), UInt8((data.count + 2) & 0xFF)]
        bytes += data
        return bytes
    }

    static func exif(_ tiff: [UInt8]) -> [UInt8] {
        var data: [UInt8] = Array("Exif".utf8)
        data += [0, 0]
        data += tiff
        return segment(0xE1, data)
    }

    /// A JPEG with EXIF (orientation 6, GPS), XMP and a comment, and a second picture after its end.
    static func jpegWithGPS() -> [UInt8] {
        let plain = TestImages.jpeg()
        var bytes: [UInt8] = Array(plain.prefix(2))
        bytes += exif(exifTIFF(orientation: 6))
        bytes += segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\u{0}".utf8) + secret)
        bytes += segment(0xFE, secret)
        bytes += Array(plain.dropFirst(2))
        bytes += [0xFF, 0xD8]
        bytes += exif(exifTIFF(orientation: 1))
        bytes += [0xFF, 0xD9]
        return bytes
    }

    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { $0.firstIndex(of: needle) } != nil
    }

    @Test func aJPEGKeepsItsPictureAndOrientationAndLosesItsPlace() throws {
        let checked = try MediaRules.check(Self.jpegWithGPS())
        #expect(!Self.contains(checked.bytes, Self.secret))
        #expect(!Self.contains(checked.bytes, Array("http://ns.adobe.com".utf8)))
        #expect(checked.header == ImageHeader(format: .jpeg, width: 2, height: 3))
        // The orientation comes first, alone; then the original, from its JFIF segment to its end.
        var expected: [UInt8] = [0xFF, 0xD8]
        expected += Self.exif(Orientation.tiff(6))
        expected += Array(TestImages.jpeg().dropFirst(2))
        #expect(checked.bytes == expected)
        #expect(Orientation.read(fromTIFF: Orientation.tiff(6)) == 6)
        // A plain JPEG is stored as it came.
        #expect(try MediaRules.check(TestImages.jpeg()).bytes == TestImages.jpeg())
    }

    @Test func pngWebPAndGIFLoseTheirTextChunksAndBlocks() throws {
        let png = TestImages.png()
        let ihdrEnd = 8 + 25
        var withText: [UInt8] = Array(png.prefix(ihdrEnd))
        withText += PNGChunk.make("tEXt", Array("Location\u{0}".utf8) + Self.secret)
        withText += PNGChunk.make("eXIf", Self.exifTIFF(orientation: 3))
        withText += PNGChunk.make("tIME", [7, 234, 1, 1, 0, 0, 0])
        withText += Array(png.dropFirst(ihdrEnd))
        var expectedPNG: [UInt8] = Array(png.prefix(ihdrEnd))
        expectedPNG += PNGChunk.make("eXIf", Orientation.tiff(3))
        expectedPNG += Array(png.dropFirst(ihdrEnd))
        #expect(try MediaRules.check(withText).bytes == expectedPNG)

        let webp = TestImages.webp(.extended)
        var body = Array(webp.dropFirst(8))
        body[12] |= 0x0C
        let tiff = Self.exifTIFF(orientation: 8)
        body += Array("EXIF".utf8)
        body += [UInt8(tiff.count), 0, 0, 0]
        body += tiff
        body += Array("XMP ".utf8)
        body += [UInt8(Self.secret.count), 0, 0, 0]
        body += Self.secret
        var withMetadata: [UInt8] = Array("RIFF".utf8)
        withMetadata += [UInt8(body.count & 0xFF), UInt8(body.count >> 8), 0, 0]
        withMetadata += body
        let strippedWebP = try MediaRules.check(withMetadata).bytes
        #expect(!Self.contains(strippedWebP, Self.secret))
        #expect(strippedWebP[20] == 0x08, "VP8X says an EXIF chunk follows, and no XMP")
        #expect(Array(strippedWebP.suffix(Orientation.tiff(8).count)) == Orientation.tiff(8))

        let gif = TestImages.gif()
        var loop: [UInt8] = [0x21, 0xFF, 0x0B]
        loop += Array("NETSCAPE2.0".utf8)
        loop += [0x03, 0x01, 0x00, 0x00, 0x00]
        var xmp: [UInt8] = [0x21, 0xFF, 0x0B]
        xmp += Array("XMP DataXMP".utf8)
        xmp.append(UInt8(Self.secret.count))
        xmp += Self.secret
        xmp.append(0x00)
        var comment: [UInt8] = [0x21, 0xFE, UInt8(Self.secret.count)]
        comment += Self.secret
        comment.append(0x00)
        let screenEnd = 13 + 6
        let screen = Array(gif.prefix(screenEnd)), rest = Array(gif.dropFirst(screenEnd))
        #expect(try MediaRules.check(screen + loop + xmp + comment + rest).bytes == screen + loop + rest)
    }

    @Test func anUploadedJPEGIsServedWithoutItsPlace() async throws {
        try await withServer { server in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.register("alice")
            let upload = try await api.send(.POST, "/v1/chat/photos", token: alice.token, data: Data(Self.jpegWithGPS()),
                                            headers: [("Content-Type", "image/jpeg")])
            #expect(upload.status == 201)
            let url = try upload.decode(ChatPhotoUpload.self).url
            let served = try await RawHTTP(baseURL: server.baseURL).send(.GET, url)
            #expect(served.status == 200 && !served.body.isEmpty)
            #expect(!Self.contains(Array(served.body), Self.secret))
        }
    }
}
