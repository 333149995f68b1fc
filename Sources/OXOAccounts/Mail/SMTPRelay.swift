import Foundation

/// The relay named by `--smtp-url`: `smtp://[user:password@]host[:port]`, port 587 unless
/// named. Its credentials are used for AUTH and never logged; `description` leaves them out.
package struct SMTPRelay: Sendable, CustomStringConvertible {
    package let host: String
    package let port: Int
    package let user: String?
    package let password: String?

    /// Reads the URL; throws a sentence saying what is wrong with it.
    package init(url text: String) throws(MailSettingsError) {
        guard let components = URLComponents(string: text), components.scheme?.lowercased() == "smtp",
              let host = components.host, !host.isEmpty
        else {
            throw MailSettingsError("--smtp-url must look like smtp://user:password@host:587 (or smtp://host:25 without credentials).")
        }
        guard components.path.isEmpty || components.path == "/", components.query == nil else {
            throw MailSettingsError("--smtp-url takes no path or query: smtp://user:password@host:587.")
        }
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        port = components.port ?? 587
        // Percent-decoded, so that a password holding '@' or ':' can be written %40 and %3A.
        user = components.user?.removingPercentEncoding
        password = components.password?.removingPercentEncoding
        guard (1...65535).contains(port) else { throw MailSettingsError("--smtp-url's port must be from 1 to 65535.") }
    }

    /// A relay on this machine may be spoken to in the clear; any other only over TLS
    /// (STARTTLS), since the mails carry links that sign people in.
    package var isLoopback: Bool {
        ["localhost", "::1"].contains(host.lowercased()) || host.hasPrefix("127.")
    }

    package var description: String { "smtp://\(host):\(port)" }
}

/// The sender (`--mail-from`): `OXO <oxo@example.org>` or a bare address.
package struct MailFrom: Sendable {
    /// What the `From:` header says, as given.
    package let header: String
    /// The address alone, for `MAIL FROM`.
    package let address: String

    package init(_ text: String) throws(MailSettingsError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var address = trimmed
        if let open = trimmed.lastIndex(of: "<"), trimmed.hasSuffix(">") {
            address = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
              !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0.value > 0x7E }),
              !address.contains(where: { " <>".contains($0) })
        else {
            throw MailSettingsError("--mail-from must be an address, or a name and an address: \"OXO <oxo@example.org>\" (ASCII).")
        }
        header = trimmed
        self.address = address
    }
}

/// Mail settings that cannot work; `oxo serve` refuses to start with them.
package struct MailSettingsError: Error, CustomStringConvertible {
    package let description: String

    init(_ description: String) { self.description = description }
}
