// The operations of one part of the API; `Operations.all` lists every part.

extension Operations {
    /// Challenge a player
    public static let createChallenge = APIOperation<CreateChallengeRequest, Challenge>(.POST, "/v1/challenges", id: "createChallenge")
    /// Waiting challenges
    public static let challenges = APIOperation<NoBody, ChallengeList>(.GET, "/v1/challenges", id: "challenges")
    /// Say a challenge was shown
    public static let markChallengeSeen = APIOperation<NoBody, Challenge>(.POST, "/v1/challenges/{challengeID}/seen", id: "markChallengeSeen")
    /// Accept a challenge
    public static let acceptChallenge = APIOperation<NoBody, Challenge>(.POST, "/v1/challenges/{challengeID}/accept", id: "acceptChallenge")
    /// Decline a challenge
    public static let declineChallenge = APIOperation<NoBody, Challenge>(.POST, "/v1/challenges/{challengeID}/decline", id: "declineChallenge")
    /// Cancel a challenge
    public static let cancelChallenge = APIOperation<NoBody, Challenge>(.POST, "/v1/challenges/{challengeID}/cancel", id: "cancelChallenge")
    /// Play random
    public static let playRandom = APIOperation<PlayRandomRequest, MatchmakingStatus>(.POST, "/v1/matchmaking", id: "playRandom")
    /// Where you stand in Play random
    public static let matchmakingStatus = APIOperation<NoBody, MatchmakingStatus>(.GET, "/v1/matchmaking", id: "matchmakingStatus")
    /// Leave Play random
    public static let leaveMatchmaking = APIOperation<NoBody, MatchmakingStatus>(.DELETE, "/v1/matchmaking", id: "leaveMatchmaking")

    static let together: [OperationSpec] = [
        createChallenge.spec, challenges.spec, markChallengeSeen.spec, acceptChallenge.spec,
        declineChallenge.spec, cancelChallenge.spec, playRandom.spec, matchmakingStatus.spec,
        leaveMatchmaking.spec,
    ]
}
