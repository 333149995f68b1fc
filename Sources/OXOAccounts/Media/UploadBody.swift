import OXOProtocol
import Vapor

/// Reads a photo from an upload route's body, which is the image itself (whatever its
/// declared type says) or `multipart/form-data` with the image in the part named `file`.
/// Only routes that call this take a body this large: they are registered with a
/// streamed body, and every other route keeps the server's small limit.
package enum UploadBody {
    /// Room for a form's boundaries and part headers around a photo of the largest size.
    static let multipartOverhead = 16 * 1024
    static var maxBytes: Int { MediaRules.maxBytes + multipartOverhead }

    /// The uploaded bytes; an upload over the limit is refused before more of it is read.
    package static func read(_ request: Request) async throws -> [UInt8] {
        if let declared = request.headers.first(name: .contentLength).flatMap(Int.init), declared > maxBytes {
            throw tooLarge
        }
        let collected: ByteBuffer?
        do {
            collected = try await request.body.collect(max: maxBytes).get()
        } catch let abort as any AbortError where abort.status == .payloadTooLarge {
            throw tooLarge
        }
        guard let collected, collected.readableBytes > 0 else {
            throw APIError(.unsupportedImage, "The request needs a photo as its body.")
        }
        guard let contentType = request.headers.contentType, contentType.type == "multipart", contentType.subType == "form-data" else {
            return Array(collected.readableBytesView)
        }
        return try filePart(of: collected, boundary: contentType.parameters["boundary"])
    }

    private struct Form: Decodable {
        let file: File
    }

    private static func filePart(of body: ByteBuffer, boundary: String?) throws -> [UInt8] {
        guard let boundary, !boundary.isEmpty else {
            throw APIError(.invalidRequest, "A multipart/form-data body needs the boundary in its Content-Type.")
        }
        guard MultipartHeaderNames.areASCII(in: body, boundary: boundary) else {
            throw APIError(.invalidRequest, "A part's header names must be plain ASCII, as in 'Content-Disposition'.")
        }
        do {
            return Array(try FormDataDecoder().decode(Form.self, from: body, boundary: boundary).file.data.readableBytesView)
        } catch {
            throw APIError(.invalidRequest, "The form needs the photo in a part named 'file'.")
        }
    }

    private static var tooLarge: APIError {
        APIError(.imageTooLarge, "A photo can be at most 2 MB.")
    }
}
