import OXOProtocol

/// Which scope a personal access token needs for each operation: a program acting for a
/// person may read, play and challenge, but the account itself (its sessions, password,
/// address, tokens, data and deletion) stays with a signed-in session. An operation named
/// in no list is for sessions alone.
enum TokenScopes {
    /// Scopes as `access_tokens.scopes` keeps them: their names joined by commas, in the
    /// order `TokenScope` lists them.
    static func text(of scopes: some Collection<TokenScope>) -> String {
        TokenScope.allCases.filter(scopes.contains).map(\.rawValue).joined(separator: ",")
    }

    static func read(_ text: String) -> [TokenScope] {
        text.split(separator: ",").compactMap { TokenScope(rawValue: String($0)) }
    }

    static func required(for operation: OperationSpec) -> TokenScope? {
        if let scope = named[operation.id] { return scope }
        if operation.method == .GET, !sessionsOnly.contains(operation.id) { return .read }
        return nil
    }

    private static let named: [String: TokenScope] = Dictionary(uniqueKeysWithValues: [
        Operations.createGame.spec, Operations.joinGame.spec, Operations.playMove.spec, Operations.cancelGame.spec,
        Operations.resignGame.spec, Operations.offerRematch.spec, Operations.claimWin.spec, Operations.sendGameChatMessage.spec,
        // A bot's program joins and leaves tournaments as it plays their games.
        Operations.joinTournament.spec, Operations.leaveTournament.spec,
    ].map { ($0.id, TokenScope.play) } + [
        Operations.createChallenge.spec, Operations.markChallengeSeen.spec, Operations.acceptChallenge.spec,
        Operations.declineChallenge.spec, Operations.cancelChallenge.spec, Operations.playRandom.spec,
        Operations.leaveMatchmaking.spec,
    ].map { ($0.id, TokenScope.challenge) } + [(Operations.becomeBot.spec.id, TokenScope.bot)])

    /// Reads that tell about the account itself, or open a socket a session must own.
    private static let sessionsOnly: Set<String> = [
        Operations.listSessions.spec.id, Operations.exportAccount.spec.id, Operations.getTwoStep.spec.id,
        Operations.listAccessTokens.spec.id, Operations.listPushSubscriptions.spec.id, Operations.getPushKey.spec.id,
        Operations.openSocket.spec.id,
    ]
}
