import Foundation
import OXOProtocol
import TicTacToe

/// The operations for playing together: presence, the series, challenges, *Play random*,
/// rematches and claiming a game an opponent left.
extension Endpoints {
    static func onlinePlayers() -> Endpoint<OnlinePlayers> {
        Endpoint(Operations.onlinePlayers)
    }

    static func series(with opponent: UserID) -> Endpoint<Series> {
        Endpoint(Operations.series, opponent)
    }

    static func createChallenge(_ request: CreateChallengeRequest) -> Endpoint<Challenge> {
        Endpoint(Operations.createChallenge, body: request)
    }

    static func challenges() -> Endpoint<ChallengeList> {
        Endpoint(Operations.challenges)
    }

    /// `answer` is one of `markChallengeSeen`, `acceptChallenge`, `declineChallenge`, `cancelChallenge`.
    static func answer(_ challenge: ChallengeID, _ answer: APIOperation<NoBody, Challenge>) -> Endpoint<Challenge> {
        Endpoint(answer, challenge)
    }

    static func playRandom(timeControl: TimeControl?, variant: Variant?) -> Endpoint<MatchmakingStatus> {
        Endpoint(Operations.playRandom, body: PlayRandomRequest(timeControl: timeControl, variant: variant))
    }

    static func matchmakingStatus() -> Endpoint<MatchmakingStatus> {
        Endpoint(Operations.matchmakingStatus)
    }

    static func leaveMatchmaking() -> Endpoint<MatchmakingStatus> {
        Endpoint(Operations.leaveMatchmaking)
    }

    static func offerRematch(_ game: GameID) -> Endpoint<GameView> {
        Endpoint(Operations.offerRematch, game)
    }

    static func claimWin(_ game: GameID) -> Endpoint<GameView> {
        Endpoint(Operations.claimWin, game)
    }
}
