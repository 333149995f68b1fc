import Fluent
import OXOAccounts
import OXOCore
import OXOPlay
import OXOSocial
import Vapor

/// Every domain's migrations, in the order they must run. One set serves SQLite and
/// PostgreSQL alike.
package enum Migrations {
    /// Brings the database `app` uses up to date: what every start does, and what the
    /// tests do once to make the database each test's own is copied from. Says so in one
    /// line; each migration's own lines are for the debug level.
    package static func run(in app: Application) async throws {
        register(in: app)
        app.fluent.migrationLogLevel = .debug
        let migrator = app.migrator
        try await migrator.setupIfNeeded().get()
        let pending = try await migrator.previewPrepareBatch().get().count
        try await migrator.prepareBatch().get()
        app.logger.info("database ready, \(pending) migration\(pending == 1 ? "" : "s") applied")
    }

    private static func register(in app: Application) {
        app.migrations.add(CreateAccounts())
        app.migrations.add(CreateGames())
        app.migrations.add(CreateEvents())
        app.migrations.add(AddAwayAndRematch())
        app.migrations.add(CreatePresence())
        app.migrations.add(CreateChallenges())
        app.migrations.add(CreateMatchQueue())
        app.migrations.add(CreateHousekeeping())
        app.migrations.add(IndexGamesByPlayer())
        app.migrations.add(IndexFinishedGames())
        app.migrations.add(CreateMedia())
        app.migrations.add(AddAvatars())
        app.migrations.add(CreateRatings())
        app.migrations.add(CreateLastSeen())
        app.migrations.add(CreateSocial())
        app.migrations.add(CreateCatalogue())
        app.migrations.add(CreateChat())
        app.migrations.add(AddSuspensions())
        app.migrations.add(IndexUnreadNotifications())
        app.migrations.add(IndexOnlyFinishedGames())
        app.migrations.add(CreatePhotos())
        // Issue 32, accounts people manage: sessions' devices, deleted accounts' names.
        app.migrations.add(AddSessionDevices())
        app.migrations.add(CreateReleasedNames())
        // Issue 29: bots' accounts.
        app.migrations.add(AddBots())
        // Mail and mailed links (issue 32).
        app.migrations.add(CreateMailOutbox())
        app.migrations.add(CreateAccountTokens())
        // Issue 30: time controls, and ratings by pace.
        app.migrations.add(AddTimeControls())
        app.migrations.add(AddChallengeTimeControls())
        app.migrations.add(CreateCorrespondenceRatings())
        // Play random by time control (issue 30).
        app.migrations.add(AddMatchQueueTimeControls())
        // Issue 30: Web Push.
        app.migrations.add(CreatePush())
        // Issue 33: a process confirms its sockets with one row; housekeeping's rows found by index.
        app.migrations.add(CreateServerProcesses())
        app.migrations.add(IndexEventsByAge())
        app.migrations.add(IndexExpiringAccounts())
        // Two-step sign-in (TOTP) and its recovery codes.
        app.migrations.add(CreateSecondFactors())
        // Registration tells nobody whether an address has an account.
        app.migrations.add(AddPendingEmails())
        // More than one board: variants, and their ratings.
        app.migrations.add(AddColumns.gameVariants)
        app.migrations.add(AddColumns.challengeVariants)
        app.migrations.add(AddColumns.matchQueueVariants)
        // Personal access tokens.
        app.migrations.add(CreateAccessTokens())
        app.migrations.add(CreateVariantRatings())
        // The language a person's pushes and mails are written in.
        app.migrations.add(AddColumns.userLanguages)
        // A player's bot, and the boards it plays.
        app.migrations.add(PlayerBots.variantsColumn)
        // A topic's recent events live in memory; a move writes the move and its game.
        app.migrations.add(DropStoredEvents())
        // "Your turn" read from the games, not stored by each move.
        app.migrations.add(DeriveYourTurns())
        // Issue 54: tournaments.
        app.migrations.add(CreateTournaments())
        app.migrations.add(AddColumns.notificationTournaments)
        // What requests sent again with an Idempotency-Key made.
        app.migrations.add(CreateRequestKeys())
    }
}
