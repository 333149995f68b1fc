import Foundation

/// Where `oxo serve` finds the web client when it is not told: `./Public` when the folder
/// it starts in has one (the repository's root, where an edit to the client shows at the
/// next reload), else the copy the build put beside the binary (`OXO_oxo.resources/Public`,
/// SwiftPM's resources of this target), so an installed `oxo` serves it from anywhere.
enum BundledWebClient {
    static let resourceFolder = "OXO_oxo.resources"

    static func folder(fileManager: FileManager = .default) -> String? {
        if isFolder("Public", fileManager) { return "Public" }
        return beside(executable(), fileManager)
    }

    /// The bundle beside the binary. Not `Bundle.module`, which stops the process when the
    /// bundle is missing (a binary copied without it): then there is simply no web client.
    private static func beside(_ executable: URL, _ fileManager: FileManager) -> String? {
        let folder = executable.deletingLastPathComponent()
            .appendingPathComponent(resourceFolder).appendingPathComponent("Public").path
        return isFolder(folder, fileManager) ? folder : nil
    }

    /// The running binary, symbolic links resolved (an `oxo` on the PATH may be a link).
    private static func executable() -> URL {
        let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: link).resolvingSymlinksInPath()
    }

    private static func isFolder(_ path: String, _ fileManager: FileManager) -> Bool {
        var isDirectory: ObjCBool = false
        return fileManager.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
