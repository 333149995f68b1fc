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

    /// Reads `uploader`'s photo and hands it to `use`, which checks and stores it. Before a
    /// byte of the body is read, an upload is refused when its declared length is over the
    /// limit, when the uploader has no upload left this hour, or when too many bodies are
    /// arriving already (theirs or everyone's); the room it takes is held until `use` ends.
    package static func receive<T>(_ request: Request, from uploader: String, _ use: ([UInt8]) async throws -> T) async throws -> T {
        if let declared = request.headers.first(name: .contentLength).flatMap(Int.init), declared > maxBytes {
            throw tooLarge
        }
        let context = request.application.oxo
        try context[PhotoUploads.self].checkRoom(for: uploader)
        return try await context[UploadsInFlight.self].admit(uploader) {
            try await use(read(request))
        }
    }

    /// The uploaded bytes; an upload over the limit is refused before more of it is read.
    private static func read(_ request: Request) async throws -> [UInt8] {
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
        guard let boundary = contentType.parameters["boundary"], !boundary.isEmpty else {
            throw APIError(.invalidRequest, "A multipart/form-data body needs the boundary in its Content-Type.")
        }
        return try PhotoForm.file(in: Array(collected.readableBytesView), boundary: boundary)
    }

    private static var tooLarge: APIError {
        APIError(.imageTooLarge, "A photo can be at most 2 MB.")
    }
}
