/// A language a person chose for what the server writes to them (their pushes and mails),
/// by its ISO 639-1 code. A user who never chose has none, and is written to in English.
/// The web client words everything else itself, errors included, from their stable codes.
public enum Language: String, Codable, Hashable, Sendable, CaseIterable {
    /// English.
    case en
    /// Spanish (español).
    case es
    /// French (français).
    case fr
}
