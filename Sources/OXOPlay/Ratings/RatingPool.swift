import Foundation
import OXOAccounts

/// Whom a finished game's ratings are compared with: people with people, bots with bots.
/// A perfect bot never loses, so rating people against it would only drain their ratings
/// (and a weak one would hand out free points); bots are rated among themselves instead,
/// unless the operator puts them in with people (`oxo serve --rate-bots-with-humans`).
/// Each player is in one pool for good, so a rating needs no pool of its own to be stored
/// under: the pool says only whether a game moves ratings at all.
enum RatingPool: Equatable, Sendable {
    case people, bots

    /// The pool a finished game between `x` and `o` of these kinds is rated in; nil when
    /// it counts in the records only: a guest played (a guest's account goes after a day,
    /// and rating against throwaway accounts would farm rating), or a person met a bot
    /// while bots have their own pool.
    static func of(_ x: AccountKind, _ o: AccountKind, botsRatedWithPeople: Bool) -> RatingPool? {
        switch (x, o) {
        case (.guest, _), (_, .guest): nil
        case (.person, .person): .people
        case (.bot, .bot): botsRatedWithPeople ? .people : .bots
        case (.person, .bot), (.bot, .person): botsRatedWithPeople ? .people : nil
        }
    }
}
