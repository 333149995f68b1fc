import Foundation
import Vapor

/// The web client's files, served by Vapor's `FileMiddleware`, but a path ending in `/`
/// must name a folder (whose `index.html` is served). The file system takes
/// `index.html/` for `index.html`, and `FileMiddleware` then finds no extension to give
/// it a type: `/index.html/` and `/js/main.js/` were answered 200 without a
/// `Content-Type`. Such a path goes on to the routes, which answer 404.
/// Vapor knows no type for the web app manifest's `.webmanifest`: it gets the one the
/// Web App Manifest specification names.
/// The API's addresses (`/v1/…`) are no file's: they go on to the routes without a look at
/// the disk, and without the task of Vapor's `FileMiddleware`, which is an `AsyncMiddleware`.
struct WebClientFiles: Middleware {
    let folder: String
    let files: FileMiddleware

    init(folder: String) {
        self.folder = folder
        files = FileMiddleware(publicDirectory: folder, defaultFile: "index.html")
    }

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        if request.url.path.hasPrefix("/v1/") { return next.respond(to: request) }
        let path = request.url.path.removingPercentEncoding ?? request.url.path
        if path.hasSuffix("/"), !isFolder(path) { return next.respond(to: request) }
        return files.respond(to: request, chainingTo: next).map { response in
            if path.hasSuffix(".webmanifest"), response.status == .ok {
                response.headers.contentType = HTTPMediaType(type: "application", subType: "manifest+json")
            }
            return response
        }
    }

    private func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        let inside = path.split(separator: "/").map(String.init).joined(separator: "/")
        return FileManager.default.fileExists(atPath: folder + inside, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
