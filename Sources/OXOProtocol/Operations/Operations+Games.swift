// The operations of one part of the API; `Operations.all` lists every part.

extension Operations {
    /// Create a game
    public static let createGame = APIOperation<CreateGameRequest, GameView>(.POST, "/v1/games", id: "createGame")
    /// Open games
    public static let listOpenGames = APIOperation<NoBody, GamePage>(.GET, "/v1/games/open", id: "listOpenGames")
    /// Live games
    public static let listLiveGames = APIOperation<NoBody, GamePage>(.GET, "/v1/games/live", id: "listLiveGames")
    /// My games
    public static let listMyGames = APIOperation<NoBody, GamePage>(.GET, "/v1/me/games", id: "listMyGames")
    /// A game
    public static let getGame = APIOperation<NoBody, GameView>(.GET, "/v1/games/{gameID}", id: "getGame")
    /// Join a game
    public static let joinGame = APIOperation<NoBody, GameView>(.POST, "/v1/games/{gameID}/join", id: "joinGame")
    /// Play a move
    public static let playMove = APIOperation<MoveRequest, GameView>(.POST, "/v1/games/{gameID}/moves", id: "playMove")
    /// Cancel an open game
    public static let cancelGame = APIOperation<NoBody, GameView>(.POST, "/v1/games/{gameID}/cancel", id: "cancelGame")
    /// Resign
    public static let resignGame = APIOperation<NoBody, GameView>(.POST, "/v1/games/{gameID}/resign", id: "resignGame")
    /// A hint
    public static let getHint = APIOperation<NoBody, Hint>(.GET, "/v1/games/{gameID}/hint", id: "getHint")
    /// The realtime WebSocket
    public static let openSocket = APIOperation<NoBody, NoContent>(.GET, "/v1/socket", id: "openSocket")
    /// Offer a rematch
    public static let offerRematch = APIOperation<NoBody, GameView>(.POST, "/v1/games/{gameID}/rematch", id: "offerRematch")
    /// Claim the win
    public static let claimWin = APIOperation<NoBody, GameView>(.POST, "/v1/games/{gameID}/claim", id: "claimWin")
    /// A player's finished games
    public static let listFinishedGames = APIOperation<NoBody, FinishedGamePage>(.GET, "/v1/users/{userID}/games/finished", id: "listFinishedGames")
    /// A finished game's replay
    public static let getReplay = APIOperation<NoBody, Replay>(.GET, "/v1/games/{gameID}/replay", id: "getReplay")
    /// A finished game in the text notation
    public static let getNotation = APIOperation<NoBody, RawAnswer>(.GET, "/v1/games/{gameID}/notation", id: "getNotation")
    /// The variants
    public static let listVariants = APIOperation<NoBody, [VariantRules]>(.GET, "/v1/variants", id: "listVariants", access: .open)

    static let games: [OperationSpec] = [
        createGame.spec, listOpenGames.spec, listLiveGames.spec, listMyGames.spec,
        getGame.spec, joinGame.spec, playMove.spec, cancelGame.spec,
        resignGame.spec, getHint.spec, openSocket.spec, offerRematch.spec,
        claimWin.spec, listFinishedGames.spec, getReplay.spec, getNotation.spec,
        listVariants.spec,
    ]
}
