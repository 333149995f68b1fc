import TicTacToe

/// `GET /v1/variants`: one board OXO plays on, with the words clients show for it.
public struct VariantRules: Codable, Hashable, Sendable {
    public let variant: Variant
    /// Its name in English, such as "Four in a row".
    public let name: String
    /// Columns and rows of the whole grid (Ultimate's is 9 × 9).
    public let width: Int
    public let height: Int
    /// Marks in a row that win (in Ultimate: on a small board, and small boards on the big one).
    public let lineLength: Int
    /// The rules in a few sentences.
    public let rules: String

    public init(_ variant: Variant) {
        self.variant = variant
        name = variant.displayName
        width = variant.width
        height = variant.height
        lineLength = variant.lineLength
        rules = variant.rulesText
    }

    /// Every variant, classic first.
    public static let all = Variant.allCases.map(VariantRules.init)
}
