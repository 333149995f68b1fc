// The operations of one part of the API; `Operations.all` lists every part.

extension Operations {
    /// Your account's events as JSON lines
    public static let streamAccount = APIOperation<NoBody, RawAnswer>(.GET, "/v1/me/stream", id: "streamAccount")
    /// A game's events as JSON lines
    public static let streamGame = APIOperation<NoBody, RawAnswer>(.GET, "/v1/games/{gameID}/stream", id: "streamGame")
    /// Turn your account into a bot
    public static let becomeBot = APIOperation<BecomeBotRequest, UserView>(.POST, "/v1/me/bot", id: "becomeBot")

    static let streams: [OperationSpec] = [streamAccount.spec, streamGame.spec, becomeBot.spec]
}
