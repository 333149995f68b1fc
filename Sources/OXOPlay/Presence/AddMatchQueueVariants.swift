import OXOCore

extension AddColumns {
    /// The board each player waiting for *Play random* wants (`VariantColumn`: null for
    /// classic), so that only players of one board are paired.
    package static let matchQueueVariants = AddColumns("OXOPlay.AddMatchQueueVariants", TableColumns("match_queue", [("variant", .string)]))
}
