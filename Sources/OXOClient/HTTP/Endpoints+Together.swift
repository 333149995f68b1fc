import Foundation
import OXOProtocol
import TicTacToe

/// The operations for playing together: presence, the series, challenges, *Play random*,
/// rematches and claiming a game an opponent left.
extension Endpoints {
    static func onlinePlayers() -> Endpoint<OnlinePlayers> {
        Endpoint(.GET, "v1", "players", "online")
    }

    static func series(with opponent: UserID) -> Endpoint<Series> {
        Endpoint(.GET, "v1", "players", opponent.description, "series")
    }

    static func createChallenge(_ request: CreateChallengeRequest) -> Endpoint<Challenge> {
        Endpoint(.POST, "v1", "challenges", body: request)
    }

    static func challenges() -> Endpoint<ChallengeList> {
        Endpoint(.GET, "v1", "challenges")
    }

    /// `answer` is one of seen, accept, decline, cancel.
    static func answer(_ challenge: ChallengeID, _ answer: String) -> Endpoint<Challenge> {
        Endpoint(.POST, "v1", "challenges", challenge.description, answer)
    }

    static func playRandom(timeControl: TimeControl?, variant: Variant?) -> Endpoint<MatchmakingStatus> {
        Endpoint(.POST, "v1", "matchmaking", body: PlayRandomRequest(timeControl: timeControl, variant: variant))
    }

    static func matchmakingStatus() -> Endpoint<MatchmakingStatus> {
        Endpoint(.GET, "v1", "matchmaking")
    }

    static func leaveMatchmaking() -> Endpoint<MatchmakingStatus> {
        Endpoint(.DELETE, "v1", "matchmaking")
    }

    static func offerRematch(_ game: GameID) -> Endpoint<GameView> {
        Endpoint(.POST, "v1", "games", game.description, "rematch")
    }

    static func claimWin(_ game: GameID) -> Endpoint<GameView> {
        Endpoint(.POST, "v1", "games", game.description, "claim")
    }
}
