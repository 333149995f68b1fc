import OXOCore
import Vapor

/// Failed sign-ins per login name and client address, so guesses from elsewhere never
/// lock a player out.
enum SignInAttempts: ContextKey {
    static func make(_ configuration: ServerConfiguration) -> RateLimiter {
        RateLimiter(kind: "sign_in_attempts", limit: configuration.signInAttemptLimit, window: 15 * 60, clock: configuration.clock)
    }
}

/// Sign-in attempts per client address, whatever the login.
enum SignInsPerAddress: ContextKey {
    static func make(_ configuration: ServerConfiguration) -> RateLimiter {
        RateLimiter(kind: "sign_ins_per_address", limit: configuration.signInAddressLimit, window: 15 * 60, clock: configuration.clock)
    }
}

/// Accounts made per client address, guests' included.
enum Registrations: ContextKey {
    static func make(_ configuration: ServerConfiguration) -> RateLimiter {
        RateLimiter(kind: "registrations", limit: configuration.registrationLimit, window: 3600, clock: configuration.clock)
    }
}

/// A bcrypt hash of no one's password, checked when a login names no account, so that its
/// answer and its timing match a wrong password's.
package enum StandInPasswordHash: ContextKey {
    package static func make(_ configuration: ServerConfiguration) -> String {
        // Hashing refuses only a cost out of range, which reading the configuration refused first.
        try! Bcrypt.hash(UUID.random().uuidString, cost: configuration.bcryptCost)
    }
}

/// Mailed links: reset requests per e-mail address (`email <address>`) and per client
/// address (`client <address>`), and mails per account (`account <id>`), in an hour.
enum MailedLinkLimits: ContextKey {
    static func make(_ configuration: ServerConfiguration) -> RateLimiter {
        RateLimiter(kind: "mailed_links", limit: configuration.passwordResetLimit, window: 3600, clock: configuration.clock)
    }
}

/// Wrong current passwords given to change the password, per user, in 15 minutes.
enum PasswordChangeAttempts: ContextKey {
    static func make(_ configuration: ServerConfiguration) -> RateLimiter {
        RateLimiter(kind: "password_change_attempts", limit: configuration.signInAttemptLimit, window: 15 * 60, clock: configuration.clock)
    }
}

/// Wrong second factors per account, from any address, in 15 minutes: the codes are six
/// digits, so their guesses are bounded per account, not per address.
enum SecondFactorFailures: ContextKey {
    static func make(_ configuration: ServerConfiguration) -> RateLimiter {
        RateLimiter(kind: "second_factor_failures", limit: configuration.signInAttemptLimit, window: 15 * 60, clock: configuration.clock)
    }
}
