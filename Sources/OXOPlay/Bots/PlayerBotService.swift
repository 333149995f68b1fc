import OXOAccounts
import OXOCore
import OXOProtocol
import SQLKit
import TicTacToe
import Vapor

/// A player turns their own account into a bot (`POST /v1/me/bot`), for good: only one
/// that has played no game, so that no person's record becomes a bot's. From then on it is
/// marked as a bot everywhere, plays through the API, is challenged only on the boards it
/// said it plays, and never waits in Play random, where people look for people.
package struct PlayerBotService {
    let store: Store

    package init(store: Store) {
        self.store = store
    }

    func becomeBot(_ user: AuthenticatedUser, playing variants: [Variant]?, me: () async throws -> UserView) async throws -> UserView {
        let account = try await me()
        guard !account.guest else { throw APIError(.forbidden, "A guest's account cannot become a bot; register first.") }
        let variants = variants ?? Variant.allCases
        guard !variants.isEmpty else { throw APIError(.invalidRequest, "'variants' names at least one board, or is left out for all.") }
        try await store.change { change in
            try await change.accounts.lockPlayers([user.id.rawValue])
            if try await change.reads.games.hasAnyGame(user.id) {
                throw APIError(.hasPlayedGames, "This account has played games: only a new account can become a bot.")
            }
            _ = try await change.accounts.turnIntoBot(user.id, playing: variants)
        }
        return try await me()
    }

    /// Refuses what a player's bot may not join: Play random, and `variant` when it plays
    /// other boards. An operator's bots and people pass.
    package static func refuse(_ user: UserID, playing variant: Variant, randomly: Bool, on database: any SQLDatabase) async throws {
        guard let variants = try await PlayerBots.variants(of: user, on: database) else { return }
        if randomly {
            throw APIError(.notForBots, "A player's bot is not offered Play random: it is found by challenges.")
        }
        guard variants.contains(variant) else {
            let names = variants.map(\.description).joined(separator: ", ")
            throw APIError(.notForBots, "This bot plays only \(names).")
        }
    }
}

package struct PlayerBotRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        routes.on(Operations.becomeBot) { request in
            let body = try await request.decodeIfSent(BecomeBotRequest.self) ?? BecomeBotRequest()
            let user = try request.user
            return try await Reply(PlayerBotService(store: request.store).becomeBot(user, playing: body.variants) {
                try await AccountService(request).me(user)
            })
        }
    }
}
