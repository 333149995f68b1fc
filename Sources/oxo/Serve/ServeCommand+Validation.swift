import ArgumentParser
import Foundation
import OXOAccounts
import OXOCore
import OXOServer

/// What `oxo serve` checks of its options before it starts anything, each refusal a
/// sentence that names the option.
extension ServeCommand {
    func validate() throws {
        guard (4...31).contains(bcryptCost) else { throw ValidationError("--bcrypt-cost must be from 4 to 31.") }
        guard postgresConnections >= 1 else { throw ValidationError("--postgres-connections must be at least 1.") }
        guard databaseWait.value > 0, databaseWait.value <= 3600 else { throw ValidationError("--database-wait must be above 0 and at most 3600.") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
        guard requestsPerAddress >= 1, signInAttemptLimit >= 1, signInAddressLimit >= 1, registrationLimit >= 1, gameCodeLookupLimit >= 1,
              uploadLimit >= 1, chatMessageLimit >= 1, socketOpenLimit >= 1, socketSubscriptionLimit >= 1, tournamentsPerDay >= 1 else {
            throw ValidationError("--requests-per-address, --sign-in-attempt-limit, --sign-in-address-limit, --registration-limit, "
                + "--game-code-lookup-limit, --upload-limit, --chat-message-limit, --socket-open-limit, --socket-subscription-limit "
                + "and --tournaments-per-day must be at least 1.")
        }
        guard (passwordHashingThreads ?? 1) >= 1, passwordHashingQueue >= 0 else {
            throw ValidationError("--password-hashing-threads must be at least 1 and --password-hashing-queue at least 0.")
        }
        guard [socketQueueBytes, socketQueueMessages, socketWaitingMessages, socketsPerUser, socketsPerAddress, eventHistoryBytes]
            .allSatisfy({ $0 >= 1 }) else {
            throw ValidationError("--socket-queue-bytes, --socket-queue-messages, --socket-waiting-messages, --sockets-per-user, "
                                  + "--sockets-per-address and --event-history-bytes must be at least 1.")
        }
        guard [awayGrace, challengeLifetime, openGameLifetime, housekeepingInterval, tournamentPairingInterval]
            .allSatisfy({ $0.value > 0 }) else {
            throw ValidationError("--away-grace, --challenge-lifetime, --open-game-lifetime, --housekeeping-interval and "
                                  + "--tournament-pairing-interval must be above 0.")
        }
        guard shutdownTimeout.value > 0, shutdownTimeout.value <= 3600 else { throw ValidationError("--shutdown-timeout must be above 0 and at most 3600.") }
        guard releasedNameHold.value >= 0 else { throw ValidationError("--released-name-hold cannot be below 0.") }
        if let adminToken { try Self.checkAdminToken(adminToken) }
        if let metricsPort, !(0...65535).contains(metricsPort) || metricsPort == port && port != 0 {
            throw ValidationError("--metrics-port must be from 0 to 65535 and not --port.")
        }
        if let publicURL { try Self.checkPublicURL(publicURL) }
        do {
            if let smtpURL { _ = try SMTPRelay(url: smtpURL) }
            if let mailFrom { _ = try MailFrom(mailFrom) }
        } catch {
            throw ValidationError(error.description)
        }
        if let bad = pushService.first(where: { !PushEndpointRules.isService($0) }) {
            throw ValidationError("--push-service must be HOST or HOST:PORT, not \(bad).")
        }
        guard ServerRunner.logLevels.contains(logLevel) else {
            throw ValidationError("--log-level must be one of \(ServerRunner.logLevels.joined(separator: ", ")).")
        }
    }

    /// A short token is guessed: it must be as long as a random one would be.
    static func checkAdminToken(_ token: String) throws {
        guard token.count >= ServerConfiguration.minimumAdminTokenLength else {
            throw ValidationError("--admin-token (or OXO_ADMIN_TOKEN) must be at least \(ServerConfiguration.minimumAdminTokenLength) "
                                  + "characters; `openssl rand -hex 32` makes one.")
        }
    }

    /// The links in mails must open in a browser.
    static func checkPublicURL(_ url: String) throws {
        guard let components = URLComponents(string: url), ["http", "https"].contains(components.scheme?.lowercased() ?? ""),
              components.host?.isEmpty == false, components.query == nil, components.fragment == nil else {
            throw ValidationError("--public-url (or OXO_PUBLIC_URL) must be an http:// or https:// address, such as https://play.example.org.")
        }
    }

    /// A standby answers reads beside a PostgreSQL primary, never beside a SQLite file.
    static func checkStandby(_ url: String, storage: ServerConfiguration.Storage) throws {
        guard storage.sqlitePath == nil else {
            throw ValidationError("--standby-database-url (or DATABASE_STANDBY_URL) goes with PostgreSQL: set DATABASE_URL too.")
        }
        guard let scheme = URLComponents(string: url)?.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme) else {
            throw ValidationError("--standby-database-url (or DATABASE_STANDBY_URL) must be a postgres:// address.")
        }
    }

    /// The clock `--test-clock` asks for, standing at `--test-clock-start` or now.
    func testClockOption() throws -> TestClock? {
        guard testClock else {
            if testClockStart != nil { throw ValidationError("--test-clock-start is for a server started with --test-clock.") }
            return nil
        }
        guard let text = testClockStart else { return TestClock(standingAt: Date()) }
        guard let start = ISO8601DateFormatter().date(from: text) else {
            throw ValidationError("--test-clock-start must be a moment such as 2030-01-01T00:00:00Z.")
        }
        return TestClock(standingAt: start)
    }
}
