import OXOProtocol

/// For moderators: a client made with the server's admin token
/// (`OXOClient(baseURL:token:)`), as `oxo admin` does.
extension OXOClient {
    /// Reports of messages, newest first, each with the text as it was when reported.
    public func reports() async throws -> ReportList {
        try await perform(Endpoints.reports())
    }

    /// Deletes anyone's message; it shows as deleted to everyone.
    @discardableResult
    public func moderatorDeleteMessage(_ id: ChatMessageID) async throws -> ChatMessage {
        try await perform(Endpoints.moderatorDeleteMessage(id))
    }

    /// Deletes an account as its owner would: its live games resigned, its messages,
    /// photos and ties removed, its name held for a while. Answers who it was.
    @discardableResult
    public func moderatorDeleteAccount(username: String) async throws -> PlayerSummary {
        try await perform(Endpoints.moderatorDeleteAccount(username: username))
    }

    /// Suspends an account: it cannot sign in, and its sessions and sockets end.
    @discardableResult
    public func suspend(username: String) async throws -> Suspension {
        try await perform(Endpoints.suspend(username: username))
    }

    @discardableResult
    public func reinstate(username: String) async throws -> Suspension {
        try await perform(Endpoints.reinstate(username: username))
    }

    /// Cancels anyone's tournament, public or private, as its creator could: nothing more is
    /// paired, and games being played finish and count for ratings only.
    @discardableResult
    public func moderatorCancelTournament(_ id: TournamentID) async throws -> Tournament {
        try await perform(Endpoints.moderatorCancelTournament(id))
    }

    /// Makes a computer player's account; its password is in the answer and nowhere else.
    public func createBot(username: String, displayName: String? = nil) async throws -> BotAccount {
        try await perform(Endpoints.createBot(CreateBotRequest(username: username, displayName: displayName)))
    }
}
