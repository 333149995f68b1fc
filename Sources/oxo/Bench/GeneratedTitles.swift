/// Made-up video game titles from word lists, as many as a bench asks for, the same every
/// run: two to five words, so that many titles share words as real catalogues do.
struct GeneratedTitles {
    private static let adjectives = [
        "Ancient", "Broken", "Crimson", "Dark", "Endless", "Final", "Frozen", "Golden", "Hidden", "Iron", "Last",
        "Lost", "Midnight", "Neon", "Outer", "Phantom", "Quiet", "Rising", "Savage", "Silent", "Stellar", "Super",
        "Twisted", "Wild", "Eternal", "Hollow", "Burning", "Cosmic", "Mystic", "Shattered",
    ]
    private static let nouns = [
        "Abyss", "Blade", "Castle", "Circuit", "Citadel", "Crown", "Dawn", "Dragon", "Dungeon", "Echo", "Empire",
        "Forest", "Frontier", "Galaxy", "Garden", "Harbor", "Horizon", "Island", "Kingdom", "Knight", "Legend",
        "Machine", "Moon", "Ocean", "Outpost", "Planet", "Quest", "Racer", "Realm", "Rogue", "Saga", "Shadow",
        "Signal", "Sky", "Soul", "Storm", "Temple", "Tower", "Valley", "Voyage", "Warden", "World",
    ]
    private static let tails = ["", "", "", " II", " III", " Reborn", " Tactics", " Online", " Origins", " Deluxe", " Zero"]

    /// The `index`th title; different indexes give different titles.
    static func title(_ index: Int) -> String {
        var rest = index
        func pick(_ words: [String]) -> String {
            defer { rest /= words.count }
            return words[rest % words.count]
        }
        let title = "\(pick(adjectives)) \(pick(nouns)) of the \(pick(nouns))\(pick(tails))"
        return rest == 0 ? title : "\(title) \(rest + 1)"
    }

    /// A search a player might type for the `index`th title: two of its words in either
    /// order, the second cut to a prefix, one time in four with a letter left out.
    static func search(_ index: Int) -> String {
        let words = title(index).split(separator: " ").filter { $0.count > 3 && $0 != "the" }.map(String.init)
        guard words.count >= 2 else { return words.first ?? "quest" }
        var first = words[index % words.count].lowercased()
        let second = words[(index + 1) % words.count].lowercased().prefix(4)
        if index % 4 == 0, first.count > 4 { first.remove(at: first.index(first.startIndex, offsetBy: 2)) }
        return index % 2 == 0 ? "\(first) \(second)" : "\(second) \(first)"
    }
}
