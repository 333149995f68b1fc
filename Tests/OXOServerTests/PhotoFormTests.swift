@testable import OXOCore
@testable import OXOAccounts
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer
import OXOProtocol
import Testing

/// The photo form reader, byte by byte: what a browser sends is read, and a form that is
/// not a photo form is refused as soon as it shows it, without reading the rest.
@Suite("Reading a photo form")
struct PhotoFormTests {
    static let boundary = "----oxo5b1c"

    static func part(_ headers: [String], _ content: String) -> String {
        let lines = headers.map { "\($0)\r\n" }.joined()
        return "--\(boundary)\r\n\(lines)\r\n\(content)\r\n"
    }

    static func read(_ body: String) -> Result<String, APIError> {
        Result { () throws(APIError) in try PhotoForm.file(in: Array(body.utf8), boundary: boundary) }
            .map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func theFilePartIsFoundAmongFieldsWhateverTheCaseOfItsHeaderNames() {
        let body = "preamble\r\n" + Self.part(["Content-Disposition: form-data; name=\"caption\""], "a cat")
            + Self.part(["content-disposition: form-data; name=\"file\"; filename=\"cat.png\"", "Content-Type: image/png"],
                        "PNG\r\nbytes --\(Self.boundary)x")
            + "--\(Self.boundary)--\r\nepilogue"
        #expect(Self.read(body) == .success("PNG\r\nbytes --\(Self.boundary)x"))
        #expect(Self.read(Self.part(["Content-Disposition: form-data; name=file"], "") + "--\(Self.boundary)--") == .success(""))
    }

    @Test func aFormIsRefusedAtItsNinthPartWithoutReadingTheRest() {
        let parts = String(repeating: Self.part([], ""), count: PhotoForm.maxParts + 1)
        // Past the ninth part nothing is a form any more, and no closing boundary comes: the
        // refusal names the parts, so nothing after them was looked at.
        let refused = Self.read(parts + String(repeating: "\u{0}garbage", count: 100_000))
        #expect(refused.failure?.code == .invalidRequest)
        #expect(refused.failure?.message.contains("at most \(PhotoForm.maxParts) parts") == true)
        // 37,000 empty parts, as an attacker sent them, are refused the same way.
        #expect(Self.read(String(repeating: Self.part([], ""), count: 37_000) + "--\(Self.boundary)--").failure?.code == .invalidRequest)
    }

    @Test func formsThatAreNotPlainAreRefusedAsInvalidRequests() {
        let file = ["Content-Disposition: form-data; name=\"file\""]
        let cases: [(String, String)] = [
            ("no part", "just text"),
            ("no file part", Self.part(["Content-Disposition: form-data; name=\"photo\""], "x") + "--\(Self.boundary)--"),
            ("no closing boundary", Self.part(file, "x")),
            ("headers without their end", "--\(Self.boundary)\r\n" + String(repeating: "X-A: b\r\n", count: 400)),
            ("a boundary line with more on it", "--\(Self.boundary)junk\r\n\r\nx\r\n--\(Self.boundary)--"),
            ("a byte past 127 in a header name", "--\(Self.boundary)\r\nT\u{F2}\u{AA}: 1\r\n\r\nx\r\n--\(Self.boundary)--"),
        ]
        for (what, body) in cases {
            #expect(Self.read(body).failure?.code == .invalidRequest, "\(what)")
        }
        let long = String(repeating: "b", count: PhotoForm.maxBoundaryBytes + 1)
        #expect(throws: APIError.self) { try PhotoForm.file(in: Array("--\(long)".utf8), boundary: long) }
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
