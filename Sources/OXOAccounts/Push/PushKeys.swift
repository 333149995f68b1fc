import Crypto
import Foundation
import OXOCore
import SQLKit

/// The server's one VAPID key pair, kept in `push_keys`: the first process to start makes
/// it, and every process after, on the same database, signs with it, since browsers
/// subscribed with its public half and a push service refuses pushes signed otherwise.
package enum PushKeys {
    /// The key, read once a process (made and stored first if there is none).
    package static func vapid(_ store: Store) async throws -> VAPID {
        let state = store.context[PushState.self]
        if let known = state.vapid.withLockedValue({ $0 }) { return known }
        let stored = try await store.change { try await $0.push.vapidKey(orStore: P256.Signing.PrivateKey()) }
        let vapid = VAPID(key: stored, subject: subject(store.context.configuration))
        state.vapid.withLockedValue { $0 = vapid }
        return vapid
    }

    /// Whom a push service may contact about this server: its public https address, or
    /// the mail sender's address.
    static func subject(_ configuration: ServerConfiguration) -> String {
        if let url = configuration.publicURL, url.hasPrefix("https://") { return url }
        let address = (try? MailFrom(configuration.mailFrom).address) ?? "oxo@localhost"
        return "mailto:\(address)"
    }
}

extension PushWrites {
    /// The stored key; `candidate` is stored first when there is none. Two processes
    /// starting at once both insert, one of them wins, and both read the winner.
    func vapidKey(orStore candidate: P256.Signing.PrivateKey) async throws -> P256.Signing.PrivateKey {
        try await sql.raw("""
            INSERT INTO push_keys (name, private_key, created_at)
            VALUES ('vapid', \(bind: Base64URL.encode(candidate.rawRepresentation)), \(bind: now))
            ON CONFLICT (name) DO NOTHING
            """).run()
        let text = try await sql.select().column("private_key").from("push_keys").where("name", .equal, "vapid").first()?
            .decode(column: "private_key", as: String.self)
        guard let text, let raw = Base64URL.decode(text) else { throw StoredVAPIDKeyUnreadable() }
        return try P256.Signing.PrivateKey(rawRepresentation: raw)
    }
}

struct StoredVAPIDKeyUnreadable: Error, CustomStringConvertible {
    var description: String { "the VAPID key in push_keys cannot be read" }
}
