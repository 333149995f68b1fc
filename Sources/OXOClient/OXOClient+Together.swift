import OXOProtocol
import TicTacToe

extension OXOClient {
    /// Everyone with a connected client, by username, with what they are doing. Follow
    /// `Topic.presence` to hear of changes.
    public func onlinePlayers() async throws -> OnlinePlayers {
        try await perform(Endpoints.onlinePlayers())
    }

    /// The score against `opponent` over every finished game between the two.
    public func series(with opponent: UserID) async throws -> Series {
        try await perform(Endpoints.series(with: opponent))
    }

    /// Challenges an online player; the challenger plays `side` (X when nil). The answer
    /// arrives in both players' inboxes as `challenge_changed`, and `game_started` when
    /// accepted. A correspondence challenge (`timeControl`) may go to a player who is offline.
    @discardableResult
    public func challenge(_ opponent: UserID, side: Mark? = nil, timeControl: TimeControl? = nil,
                          variant: Variant? = nil) async throws -> Challenge {
        try await perform(Endpoints.createChallenge(CreateChallengeRequest(opponent: opponent, side: side, timeControl: timeControl,
                                                                           variant: variant)))
    }

    /// The challenges made or received that still wait for an answer.
    public func challenges() async throws -> ChallengeList {
        try await perform(Endpoints.challenges())
    }

    /// Tells the challenger that this client has shown the challenge.
    @discardableResult
    public func markSeen(_ challenge: ChallengeID) async throws -> Challenge {
        try await perform(Endpoints.answer(challenge, Operations.markChallengeSeen))
    }

    /// Accepts a challenge: its `game` is the new game, both players seated.
    @discardableResult
    public func accept(_ challenge: ChallengeID) async throws -> Challenge {
        try await perform(Endpoints.answer(challenge, Operations.acceptChallenge))
    }

    @discardableResult
    public func decline(_ challenge: ChallengeID) async throws -> Challenge {
        try await perform(Endpoints.answer(challenge, Operations.declineChallenge))
    }

    /// Withdraws a challenge this user made.
    @discardableResult
    public func cancel(_ challenge: ChallengeID) async throws -> Challenge {
        try await perform(Endpoints.answer(challenge, Operations.cancelChallenge))
    }

    /// *Play random* for games of `variant` and `timeControl` (classic and casual when nil):
    /// `matched` with the game to play, or `waiting` until someone waiting for the same
    /// comes (then `game_started` arrives in the inbox).
    public func playRandom(timeControl: TimeControl? = nil, variant: Variant? = nil) async throws -> MatchmakingStatus {
        try await perform(Endpoints.playRandom(timeControl: timeControl, variant: variant))
    }

    public func matchmakingStatus() async throws -> MatchmakingStatus {
        try await perform(Endpoints.matchmakingStatus())
    }

    /// Leaves the *Play random* queue.
    @discardableResult
    public func leaveMatchmaking() async throws -> MatchmakingStatus {
        try await perform(Endpoints.leaveMatchmaking())
    }

    /// Offers to play a finished game again; when both players have, `rematch.game` is
    /// the new game, sides swapped.
    @discardableResult
    public func offerRematch(_ game: GameID) async throws -> GameView {
        try await perform(Endpoints.offerRematch(game))
    }

    /// Takes the win of a live game the opponent left, once their `claimable_at` has passed.
    @discardableResult
    public func claimWin(_ game: GameID) async throws -> GameView {
        try await perform(Endpoints.claimWin(game))
    }
}
