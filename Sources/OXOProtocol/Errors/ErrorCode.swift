/// Every error the server gives, on REST and on the socket alike. The raw values are
/// the stable codes clients match on; the messages that travel with them are for people.
public enum ErrorCode: String, Codable, Sendable, CaseIterable {
    // Input
    case malformedJSON = "malformed_json"
    case invalidRequest = "invalid_request"
    case payloadTooLarge = "payload_too_large"
    case notFound = "not_found"
    case methodNotAllowed = "method_not_allowed"
    case rateLimited = "rate_limited"
    // Accounts and sessions
    case unauthorized
    case invalidCredentials = "invalid_credentials"
    case invalidUsername = "invalid_username"
    case invalidEmail = "invalid_email"
    case weakPassword = "weak_password"
    case invalidDisplayName = "invalid_display_name"
    case usernameTaken = "username_taken"
    case emailTaken = "email_taken"
    case forbidden
    /// Changing the password needs the current one, and this was not it.
    case wrongPassword = "wrong_password"
    /// A link's token from a mail (a password reset, an address's verification) that is
    /// unknown, spent or out of date.
    case invalidToken = "invalid_token"
    /// Two-step sign-in is on and the request carried neither a code nor a recovery code.
    case secondFactorRequired = "second_factor_required"
    /// The code or recovery code of a signed-in request is wrong, used already or out of date.
    case invalidSecondFactor = "invalid_second_factor"
    /// Two-step sign-in is on already: turn it off before enrolling again.
    case secondFactorEnabled = "second_factor_enabled"
    /// Two-step sign-in is off (or, for a confirmation, its enrolment was never started).
    case secondFactorNotEnabled = "second_factor_not_enabled"
    // Games
    case gameNotFound = "game_not_found"
    case seatTaken = "seat_taken"
    case alreadySeated = "already_seated"
    case waitingForOpponent = "waiting_for_opponent"
    case notAPlayer = "not_a_player"
    case notYourTurn = "not_your_turn"
    case cellOccupied = "cell_occupied"
    case noSuchCell = "no_such_cell"
    /// Ultimate: the cell's small board is won or full.
    case closedBoard = "closed_board"
    /// Ultimate: the player was sent to another small board, which is open.
    case wrongBoard = "wrong_board"
    case gameOver = "game_over"
    case staleState = "stale_state"
    case rematchUnavailable = "rematch_unavailable"
    case opponentPresent = "opponent_present"
    case claimTooEarly = "claim_too_early"
    case gameStarted = "game_started"
    case hintUnavailable = "hint_unavailable"
    /// A replay or the notation of a game that is still open or live.
    case gameNotFinished = "game_not_finished"
    /// A time control outside the offered kinds and bounds.
    case invalidTimeControl = "invalid_time_control"
    /// A move that came after the mover's clock or deadline ran out.
    case outOfTime = "out_of_time"
    // Playing together
    case playerNotFound = "player_not_found"
    case playerOffline = "player_offline"
    case challengeNotFound = "challenge_not_found"
    case challengePending = "challenge_pending"
    case challengeClosed = "challenge_closed"
    // Friends, follows, blocks, notifications
    /// The player blocked you, or you blocked them: no challenge, friend request or follow
    /// passes between you.
    case blocked
    case friendRequestNotFound = "friend_request_not_found"
    case notificationNotFound = "notification_not_found"
    // The game catalogue
    case catalogueGameNotFound = "catalogue_game_not_found"
    // Chat
    /// A game against the computer or pass-and-play has no chat.
    case chatUnavailable = "chat_unavailable"
    /// The players' room of a game that ended more than 10 minutes ago is read-only.
    case chatClosed = "chat_closed"
    case conversationNotFound = "conversation_not_found"
    case messageNotFound = "message_not_found"
    /// No text after trimming and stripping control characters, and no photo.
    case messageEmpty = "message_empty"
    case messageTooLong = "message_too_long"
    /// A photo named by a key no upload gave.
    case photoNotFound = "photo_not_found"
    /// A suspended account cannot sign in.
    case accountSuspended = "account_suspended"
    // Photos
    case unsupportedImage = "unsupported_image"
    case imageTooLarge = "image_too_large"
    case imageDimensionsTooLarge = "image_dimensions_too_large"
    case imageCorrupt = "image_corrupt"
    // Push notifications: an endpoint not on a known push service, or keys of the wrong size.
    case invalidPushSubscription = "invalid_push_subscription"
    // The server's own trouble. Storage: the disk is full, or the data file is gone or
    // cannot be written, or the database stayed too busy to take the request (with
    // Retry-After); try again later. Internal: never expected, logged with the request id.
    case storageUnavailable = "storage_unavailable"
    /// The process is stopping (a restart or an upgrade): the request was not handled;
    /// send it again, which a load balancer gives to another node.
    case shuttingDown = "shutting_down"
    case internalError = "internal_error"
    // Personal access tokens
    /// A personal access token was used outside its scopes (or where only a session may go).
    case insufficientScope = "insufficient_scope"
    /// An account that has played games cannot become a bot: its record is a person's.
    case hasPlayedGames = "has_played_games"
    /// What a player's bot may not do: wait in Play random, or take a challenge on a board
    /// it does not play.
    case notForBots = "not_for_bots"
    /// The server lost its PostgreSQL connection (the primary died and its standby is taking
    /// over, or the way to it is cut). Whether a change sent when it dropped was stored is not
    /// known: send the same request again after `Retry-After`; a move keeps its number, so it
    /// is applied once.
    case databaseUnavailable = "database_unavailable"
    // Tournaments
    /// No tournament has this id, or it is private and the caller may not see it.
    case tournamentNotFound = "tournament_not_found"
    /// The tournament finished or was cancelled: nobody joins it, nothing changes in it.
    case tournamentClosed = "tournament_closed"
    /// A private tournament is joined with its code.
    case tournamentCodeRequired = "tournament_code_required"
    /// The caller created as many tournaments as a day allows.
    case tournamentLimitReached = "tournament_limit_reached"
    /// The tournament's creator did not let bots join.
    case botsNotAllowed = "bots_not_allowed"
    /// Only the tournament's creator may do this.
    case notTournamentCreator = "not_tournament_creator"
}
