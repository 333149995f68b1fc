import Foundation
import OXOClient
import OXOProtocol

/// Signs the player in before the lobby opens, a line at a time: with the token saved for
/// this server while it still works, else by asking to sign in or register, and then
/// saves the new token.
struct SignIn {
    let server: ServerOption
    let sessions: SavedSessions

    /// A signed-in client; nil when the player quit (q, or the end of input).
    func signedInClient() async throws -> OXOClient? {
        if let saved = sessions.saved(for: server.address) {
            let client = OXOClient(baseURL: server.url, token: saved.token, userAgent: OXOClient.terminalUserAgent)
            do {
                let me = try await client.me()
                Terminal.write("Signed in as \(me.username).\n")
                return client
            } catch let error as APIError where error.code == .unauthorized {
                Terminal.write("The saved session of \(saved.username) has ended.\n")
            }
        }
        Terminal.write("OXO online at \(server.address). Type q to leave.\n")
        while true {
            guard let choice = ask("Sign in (s) or register (r)? > ")?.lowercased() else { return nil }
            let client = OXOClient(baseURL: server.url, userAgent: OXOClient.terminalUserAgent)
            do {
                switch choice {
                case "s":
                    guard let login = ask("Username or e-mail > "), let password = askSecret("Password > ") else { return nil }
                    try await client.login(login, password: password)
                case "r":
                    guard let username = ask("Username > "), let email = ask("E-mail > "),
                          let password = askSecret("Password > ") else { return nil }
                    try await client.register(username: username, email: email, password: password)
                default:
                    Terminal.write("Type s to sign in or r to register.\n")
                    continue
                }
            } catch let refusal as APIError {
                Terminal.write("\(refusal.message)\n")
                continue
            }
            guard let user = await client.user, let token = await client.token else { continue }
            try sessions.save(SavedSessions.Saved(username: user.username, token: token), for: server.address)
            Terminal.write("Signed in as \(user.username); the session is kept in \(sessions.file.path).\n")
            return client
        }
    }

    /// The answer without surrounding spaces; nil at the end of input or on q.
    private func ask(_ prompt: String) -> String? {
        Terminal.write(prompt)
        return answer(readLine())
    }

    private func askSecret(_ prompt: String) -> String? {
        Terminal.write(prompt)
        return answer(Terminal.readSecretLine())
    }

    private func answer(_ line: String?) -> String? {
        guard let line = line?.trimmingCharacters(in: .whitespaces), line.lowercased() != "q" else { return nil }
        return line
    }
}
