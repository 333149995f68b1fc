import Fluent
import OXOCore
import OXOProtocol

extension AccountService {
    /// Makes a computer player's account for an operator: marked as a bot, with an
    /// address under `bot.invalid` (which registration refuses, as it refuses every
    /// `.invalid` address) and a password the server makes up, as random as a session
    /// token, returned once so that `oxo bot` can sign in with it.
    package func createBot(_ body: CreateBotRequest) async throws -> BotAccount {
        try AccountRules.checkUsername(body.username)
        let displayName = try AccountRules.displayName(body.displayName ?? body.username)
        let email = "\(body.username.lowercased())@\(AccountRules.botDomain)"
        try await ensureFree(username: body.username, email: email)
        let password = SessionTokens.make()
        let user = UserRow(username: body.username, email: email, displayName: displayName,
                           passwordHash: try await context.passwordHashing.hash(password), createdAt: context.clock.now, bot: true)
        do {
            try await store.change { try await $0.accounts.insert(user) }
        } catch where (error as? any DatabaseError)?.isConstraintFailure == true {
            try await ensureFree(username: body.username, email: email)
            throw error
        }
        guard let player = user.summary else { throw APIError(.internalError, "The bot's account was not made; try again.") }
        return BotAccount(player: player, password: password)
    }
}
