import OXOCore
import Vapor

/// Where the links in mails lead: the web client at `--public-url`, else at this server's
/// own address. The token rides in the fragment (`#/reset/…`), which browsers never send
/// to a server, so it reaches no log on the way to the page.
struct MailedLinks: Sendable {
    let base: String

    init(_ request: Request) {
        let configuration = request.application.oxo.configuration
        if let url = configuration.publicURL {
            base = url.hasSuffix("/") ? String(url.dropLast()) : url
        } else {
            // The port the server listens on, which is not the configured one when that was 0.
            let port = request.application.http.server.shared.localAddress?.port ?? configuration.port
            let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
            base = "http://\(host):\(port)"
        }
    }

    func passwordReset(_ token: String) -> String { "\(base)/#/reset/\(token)" }
    func emailVerification(_ token: String) -> String { "\(base)/#/verify/\(token)" }
    var forgottenPassword: String { "\(base)/#/forgot" }
}
