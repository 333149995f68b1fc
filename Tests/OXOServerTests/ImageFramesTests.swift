@testable import OXOCore
@testable import OXOAccounts
@testable import OXOSocial
@testable import OXOServer
import OXOProtocol
import Testing

/// Every frame of an image counts against the limits, not only the screen or canvas its
/// header names.
@Suite("Every frame of a photo is checked")
struct ImageFramesTests {
    static func refusal(_ bytes: [UInt8]) -> APIError? {
        do {
            _ = try MediaRules.check(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func aSmallScreenWithAHugeFrameIsRefused() {
        // 50 bytes: a 1×1 screen holding a 16000×16000 frame.
        let bomb = TestImages.gif(screen: 1, frame: 16000)
        #expect(bomb.count < 60)
        #expect(Self.refusal(bomb)?.code == .imageDimensionsTooLarge)
        #expect(Self.refusal(TestImages.animatedWebP(canvas: 1, frame: 5000))?.code == .imageDimensionsTooLarge)
        #expect(Self.refusal(TestImages.apng(frames: 1, frame: 5000))?.code == .imageDimensionsTooLarge)
    }

    @Test func animationsAreBoundedInFramesAndInPixelsTogether() {
        #expect(Self.refusal(TestImages.gif(screen: 10, frames: MediaRules.maxFrames, frame: 10)) == nil)
        #expect(Self.refusal(TestImages.gif(screen: 10, frames: MediaRules.maxFrames + 1, frame: 10))?.code == .imageDimensionsTooLarge)
        // 900 frames of 4096² in 1.9 MB was accepted; five are already more than four stills.
        #expect(Self.refusal(TestImages.apng(width: 4096, height: 4096, frames: 3, frame: 4096)) == nil)
        #expect(Self.refusal(TestImages.apng(width: 4096, height: 4096, frames: 4, frame: 4096))?.code == .imageDimensionsTooLarge)
    }

    @Test func framesAreCountedAsABrowserWouldDecodeThem() throws {
        let gif = TestImages.gif(screen: 20, frames: 3, frame: 10)
        let header = try ImageHeaderReader.read(gif)
        #expect(try ImageFrames.read(gif, header: header) == ImageFrames(count: 3, width: 10, height: 10, pixels: 300))
        let still = TestImages.png(width: 30, height: 20)
        #expect(try ImageFrames.read(still, header: ImageHeaderReader.read(still)) == ImageFrames(count: 1, width: 30, height: 20,
                                                                                                     pixels: 600))
        // A GIF cut short inside its frames is damaged.
        let cut = Array(gif.prefix(30)) + [0x3B]
        #expect(Self.refusal(cut)?.code == .imageCorrupt)
    }
}
