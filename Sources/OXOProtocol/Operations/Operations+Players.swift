// The operations of one part of the API; `Operations.all` lists every part.

extension Operations {
    /// Who is online
    public static let onlinePlayers = APIOperation<NoBody, OnlinePlayers>(.GET, "/v1/players/online", id: "onlinePlayers")
    /// The series against a player
    public static let series = APIOperation<NoBody, Series>(.GET, "/v1/players/{userID}/series", id: "series")
    /// A player's profile
    public static let profile = APIOperation<NoBody, Profile>(.GET, "/v1/users/{userID}/profile", id: "profile")
    /// My profile
    public static let myProfile = APIOperation<NoBody, Profile>(.GET, "/v1/me/profile", id: "myProfile")
    /// The leaderboard
    public static let leaderboard = APIOperation<NoBody, LeaderboardPage>(.GET, "/v1/leaderboard", id: "leaderboard")

    static let players: [OperationSpec] = [
        onlinePlayers.spec, series.spec, profile.spec, myProfile.spec,
        leaderboard.spec,
    ]
}
