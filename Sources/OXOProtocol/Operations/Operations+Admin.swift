// The operations of one part of the API; `Operations.all` lists every part.

extension Operations {
    /// Reported messages
    public static let listReports = APIOperation<NoBody, ReportList>(.GET, "/v1/admin/reports", id: "listReports")
    /// Delete any message
    public static let moderatorDeleteMessage = APIOperation<NoBody, ChatMessage>(.DELETE, "/v1/admin/messages/{messageID}", id: "moderatorDeleteMessage")
    /// Suspend an account
    public static let suspendAccount = APIOperation<NoBody, Suspension>(.PUT, "/v1/admin/users/{username}/suspension", id: "suspendAccount")
    /// Reinstate an account
    public static let reinstateAccount = APIOperation<NoBody, Suspension>(.DELETE, "/v1/admin/users/{username}/suspension", id: "reinstateAccount")
    /// Delete an account
    public static let moderatorDeleteAccount = APIOperation<NoBody, PlayerSummary>(.DELETE, "/v1/admin/users/{username}", id: "moderatorDeleteAccount")
    /// Make a bot's account
    public static let createBot = APIOperation<CreateBotRequest, BotAccount>(.POST, "/v1/admin/bots", id: "createBot")
    /// Move a test server's clock on
    public static let advanceTestClock = APIOperation<AdvanceClockRequest, ServerTime>(.POST, "/v1/admin/clock", id: "advanceTestClock")

    /// Cancel any tournament
    public static let moderatorCancelTournament = APIOperation<NoBody, Tournament>(
        .DELETE, "/v1/admin/tournaments/{tournamentID}", id: "moderatorCancelTournament")

    static let admin: [OperationSpec] = [
        listReports.spec, moderatorDeleteMessage.spec, suspendAccount.spec, reinstateAccount.spec,
        moderatorDeleteAccount.spec, createBot.spec, advanceTestClock.spec, moderatorCancelTournament.spec,
    ]
}
