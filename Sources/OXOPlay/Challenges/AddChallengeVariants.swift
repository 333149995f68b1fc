import OXOCore

extension AddColumns {
    /// The board a challenge proposes (`VariantColumn`: null for classic, as every challenge
    /// made before this is).
    package static let challengeVariants = AddColumns("OXOPlay.AddChallengeVariants", TableColumns("challenges", [("variant", .string)]))
}
