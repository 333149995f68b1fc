import OXOProtocol

/// What the server writes for a person, in one language: the pushes that reach a closed app
/// and the mails about their account. Each language is one table (`english`, `spanish`,
/// `french`, a file each), complete, since every field must be given; a language is added by
/// writing its table, a case of `Language` and a line of `in(_:)`. Names and links are
/// handed in, never translated. Error responses are not worded here: their `message` stays
/// English and clients word them from their stable `code`.
package struct Words: Sendable {
    /// A push's title and body, each given the display name of the player it is about.
    package struct Push: Sendable {
        package let title: @Sendable (_ name: String) -> String
        package let body: @Sendable (_ name: String) -> String
    }

    /// A mail about one link: its subject, the paragraph that leads to the link (after the
    /// greeting), and the paragraphs after it.
    package struct Letter: Sendable {
        package let subject: String
        package let beforeLink: String
        package let afterLink: [String]
    }

    package let language: Language

    /// The opponent moved; it is the person's turn.
    package let yourTurn: Push
    /// A quarter of the person's time for a correspondence move is left.
    package let timeRunningOut: Push
    package let challengeReceived: Push
    package let friendRequest: Push
    /// A direct message came (its text is never pushed).
    package let message: Push
    /// A tournament's creator invited the person.
    package let tournamentInvitation: Push
    /// A tournament paired the person; the name is the opponent's.
    package let tournamentGame: Push

    /// The first line of a mail to a user: "Hello alice,".
    package let greeting: @Sendable (_ username: String) -> String
    /// The first line of a mail to an address whose account is not named.
    package let greetingWithoutName: String
    /// Set a new password through the link (valid 30 minutes).
    package let passwordReset: Letter
    /// Confirm the account's address through the link (valid two days).
    package let emailVerification: Letter
    /// To the owner of an address that someone registered a new account with.
    package let addressInUse: Letter
    /// The mail's last line.
    package let signature: String

    /// The words for a person whose language is `language`: English for one who never chose.
    package static func `in`(_ language: Language?) -> Words {
        switch language {
        case .en, nil: english
        case .es: spanish
        case .fr: french
        }
    }
}
