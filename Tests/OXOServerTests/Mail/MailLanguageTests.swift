import Foundation
import OXOClient
import OXOProtocol
import Testing

/// The mails about an account are written in its owner's language, and in English for one
/// who never chose; only the words change, never the link.
@Suite("Mails in each person's language")
struct MailLanguageTests {
    @Test func theAddressIsConfirmedInTheLanguageChosenAtRegistration() async throws {
        try await withMailServer { server, sink in
            let api = try await DocumentedClient.of(server)
            _ = try await api.register("amelie", language: .fr)
            _ = try await api.register("bea", language: .es)
            _ = try await api.register("bob")

            let french = try await sink.mail(to: "amelie@example.org")
            #expect(french.subject == "Confirmez votre adresse pour OXO")
            #expect(french.text.hasPrefix("Bonjour amelie,\n\nMerci de confirmer qu’il s’agit bien de l’adresse de votre compte OXO"))
            #expect(french.text.hasSuffix("ignorez ce message.\n\nOXO\n"))
            #expect(french.part("text/html")?.contains(#"<html lang="fr">"#) == true)
            #expect(french.part("text/html")?.contains("<p>Si vous n’avez pas créé de compte OXO, ignorez ce message.</p>") == true)

            let spanish = try await sink.mail(to: "bea@example.org")
            #expect(spanish.subject == "Confirma tu dirección de correo en OXO")
            #expect(spanish.text.hasPrefix("Hola, bea:\n\nConfirma que esta es la dirección de tu cuenta de OXO"))
            #expect(spanish.part("text/html")?.contains(#"<html lang="es">"#) == true)

            let english = try await sink.mail(to: "bob@example.org")
            #expect(english.subject == "Confirm your address for OXO")
            #expect(english.header("Subject") == "Confirm your address for OXO", "plain ASCII stays as it is")
            #expect(english.text.hasPrefix("Hello bob,\n\nPlease confirm that this is your address"))
            #expect(english.part("text/html")?.contains(#"<html lang="en">"#) == true)

            // The link works whatever the words around it.
            for mail in [french, spanish, english] {
                let token = try #require(mail.token)
                #expect(try await api.send(.POST, "/v1/email-verifications", body: #"{"token":"\#(token)"}"#).status == 204)
            }
        }
    }

    @Test func aPasswordResetGoesOutInTheLanguageChosenSince() async throws {
        try await withMailServer { server, sink in
            let api = try await DocumentedClient.of(server)
            let alice = try await api.registerVerified("alice", sink: sink)
            #expect(try await api.send(.PATCH, "/v1/me", token: alice.token, body: #"{"language":"es"}"#).status == 200)
            #expect(try await api.send(.POST, "/v1/password-resets", body: #"{"email":"alice@example.org"}"#).status == 202)
            let spanish = try await sink.mail(to: "alice@example.org", count: 2)
            #expect(spanish.subject == "Restablece tu contraseña de OXO")
            #expect(spanish.text.contains("Abre este enlace en los próximos 30 minutos para elegirla:\n\n\(server.baseURL)/#/reset/"))

            #expect(try await api.send(.PATCH, "/v1/me", token: alice.token, body: #"{"language":"fr"}"#).status == 200)
            #expect(try await api.send(.POST, "/v1/password-resets", body: #"{"email":"alice@example.org"}"#).status == 202)
            let french = try await sink.mail(to: "alice@example.org", count: 3)
            #expect(french.subject == "Réinitialisez votre mot de passe OXO")
            #expect(french.text.hasPrefix("Bonjour alice,\n\nQuelqu’un (vous, nous l’espérons) a demandé un nouveau mot de passe"))
            let token = try #require(french.token)
            #expect(try await api.send(.POST, "/v1/password-resets/redeem",
                                       body: #"{"token":"\#(token)","password":"un-nouveau-mot"}"#).status == 204)
            try await api.expectSignsIn("alice", with: "un-nouveau-mot", notWith: "password-alice")
        }
    }

    /// The owner of an address someone else registered with is told in the owner's language,
    /// not in the one the newcomer asked for; the newcomer's own mails would be in theirs.
    @Test func theOwnerOfAnAddressIsToldInTheirLanguage() async throws {
        try await withMailServer { server, sink in
            let api = try await DocumentedClient.of(server)
            _ = try await api.register("amelie", language: .fr)
            let taken = try await api.send(.POST, "/v1/accounts", body: """
                {"username":"mallory","email":"amelie@example.org","password":"password-mallory","language":"es"}
                """)
            #expect(taken.status == 201)
            #expect(try taken.decode(SessionGrant.self).user.language == .es)
            let notice = try await sink.mail(to: "amelie@example.org", count: 2)
            #expect(notice.subject == "Quelqu’un s’est inscrit sur OXO avec votre adresse")
            #expect(notice.text.hasPrefix("Bonjour,\n\nQuelqu’un, peut-être vous, a créé un nouveau compte OXO avec cette adresse"))
            #expect(notice.link == "\(server.baseURL)/#/forgot")
        }
    }

    /// A guest who chose a language is mailed in it when they register, unless they choose
    /// another then.
    @Test func aGuestsRegistrationIsConfirmedInTheGuestsLanguage() async throws {
        try await withMailServer { server, sink in
            let url = URL(string: server.baseURL)!
            let zoe = try await OXOClient.playAsGuest(language: .fr, at: url)
            let registered = try await zoe.registerGuest(username: "zoe", email: "zoe@example.org", password: "password-zoe")
            #expect(registered.language == .fr, "the guest's language stays")
            #expect(try await sink.mail(to: "zoe@example.org").subject == "Confirmez votre adresse pour OXO")

            let yann = try await OXOClient.playAsGuest(language: .fr, at: url)
            let changed = try await yann.registerGuest(username: "yann", email: "yann@example.org", password: "password-yann",
                                                       language: .es)
            #expect(changed.language == .es)
            #expect(try await sink.mail(to: "yann@example.org").subject == "Confirma tu dirección de correo en OXO")
        }
    }

    /// A subject longer than one encoded word allows is split into several, on whole
    /// characters, each within RFC 2047's 75 characters and each line within 76.
    @Test func aLongSubjectOutsideASCIIIsFoldedIntoEncodedWords() async throws {
        try await withMailServer { server, sink in
            let api = try await DocumentedClient.of(server)
            _ = try await api.register("amelie", language: .fr)
            _ = try await api.send(.POST, "/v1/accounts", body: #"{"username":"mallory","email":"amelie@example.org","password":"password-mallory"}"#)
            let notice = try await sink.mail(to: "amelie@example.org", count: 2)
            let folded = notice.lines.drop { !$0.hasPrefix("Subject:") }.prefix { $0.hasPrefix("Subject:") || $0.hasPrefix(" ") }
            #expect(folded.count > 1)
            #expect(folded.allSatisfy { $0.count <= 76 })
            let words = folded.map { $0.replacingOccurrences(of: "Subject:", with: "").trimmingCharacters(in: .whitespaces) }
            #expect(words.allSatisfy { $0.hasPrefix("=?UTF-8?B?") && $0.hasSuffix("?=") && $0.count <= 75 })
            #expect(notice.subject == "Quelqu’un s’est inscrit sur OXO avec votre adresse")
        }
    }
}
