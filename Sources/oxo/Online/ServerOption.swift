import ArgumentParser
import Foundation

/// `--server`: the OXO server a client command talks to.
struct ServerOption: ParsableArguments {
    @Option(help: ArgumentHelp("The server's address (default: OXO_URL, else http://127.0.0.1:8080).", valueName: "url"))
    var server: String?

    func validate() throws {
        guard let url = URL(string: address), url.host != nil, ["http", "https"].contains(url.scheme) else {
            throw ValidationError("--server must be like http://127.0.0.1:8080.")
        }
    }

    var address: String { server ?? ProcessInfo.processInfo.environment["OXO_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? "http://127.0.0.1:8080" }
    var url: URL { URL(string: address)! }
}
