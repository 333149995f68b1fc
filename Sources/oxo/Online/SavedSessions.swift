import Foundation

/// Tokens kept between runs, one per server, in the user's configuration folder
/// (`$XDG_CONFIG_HOME/oxo`, else `~/.config/oxo`): `sessions.json`, readable by the user
/// alone (mode 600, in a folder of mode 700), since a token is as good as the password.
struct SavedSessions {
    struct Saved: Codable {
        let username: String
        let token: String
    }

    let file: URL

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        file = base.appendingPathComponent("oxo").appendingPathComponent("sessions.json")
    }

    func saved(for server: String) -> Saved? {
        all()[server]
    }

    func save(_ saved: Saved?, for server: String) throws {
        var sessions = all()
        sessions[server] = saved
        let folder = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        // Written beside the file with the final mode from the start, then moved over it, so
        // that no moment leaves the tokens readable by others or half written.
        let fresh = folder.appendingPathComponent(".sessions-\(UUID().uuidString).json")
        guard FileManager.default.createFile(atPath: fresh.path, contents: try JSONEncoder().encode(sessions),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: folder.path])
        }
        guard rename(fresh.path, file.path) == 0 else {
            try? FileManager.default.removeItem(at: fresh)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
    }

    private func all() -> [String: Saved] {
        guard let data = try? Data(contentsOf: file) else { return [:] }
        return (try? JSONDecoder().decode([String: Saved].self, from: data)) ?? [:]
    }
}
