import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// Two-step sign-in's writes, on `change.twoStep`: the authenticator factors and recovery codes of Accounts.
package struct TwoStepWrites: ChangeHandle { package let change: Change }

extension Change { package var twoStep: TwoStepWrites { TwoStepWrites(change: self) } }

/// What a request's second factor came to.
enum SecondFactorCheck: Sendable {
    /// Two-step sign-in is off for the account: nothing was asked.
    case off
    /// It is on, and the request carried neither a code nor a recovery code.
    case missing
    /// The code or recovery code was wrong, used already or out of date.
    case wrong
    /// It was right, and is now spent.
    case passed
}

/// The changes of two-step sign-in. Spending a code is a compare-and-set in the database
/// (the step only moves forward, a recovery code is deleted by the statement that finds
/// it), so of two uses at once, on any number of processes, one works.
extension TwoStepWrites {
    /// Starts an enrolment with a new secret, replacing one not yet confirmed; false when
    /// two-step sign-in is on already.
    func startTOTP(of user: UUID, secret: String) async throws -> Bool {
        try await !sql.raw("""
            INSERT INTO totp_factors (user_id, secret, created_at) VALUES (\(bind: user), \(bind: secret), \(bind: now))
            ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at, last_step = NULL
            WHERE totp_factors.confirmed_at IS NULL RETURNING user_id
            """).all().isEmpty
    }

    /// Turns on the enrolment whose secret is `secret` with the code of `step`, and gives the
    /// account `recoveryCodes` (hashes); false when that enrolment is no longer waiting.
    func confirmTOTP(of user: UUID, secret: String, step: Int64, recoveryCodes: [String]) async throws -> Bool {
        guard try await !sql.raw("""
            UPDATE totp_factors SET confirmed_at = \(bind: now), last_step = \(bind: step)
            WHERE user_id = \(bind: user) AND secret = \(bind: secret) AND confirmed_at IS NULL RETURNING user_id
            """).all().isEmpty
        else { return false }
        try await replaceRecoveryCodes(of: user, with: recoveryCodes)
        return true
    }

    /// The account's recovery codes become `hashes`; those before stop working.
    func replaceRecoveryCodes(of user: UUID, with hashes: [String]) async throws {
        try await sql.delete(from: "totp_recovery_codes").where("user_id", .equal, user).run()
        var insert = sql.insert(into: "totp_recovery_codes").columns("user_id", "code_hash")
        for hash in hashes { insert = insert.values(SQLBind(user), SQLBind(hash)) }
        try await insert.run()
    }

    /// Turns two-step sign-in off: the secret and the recovery codes go.
    func stopTOTP(of user: UUID) async throws {
        try await sql.delete(from: "totp_recovery_codes").where("user_id", .equal, user).run()
        try await sql.delete(from: "totp_factors").where("user_id", .equal, user).run()
    }

    /// Checks `proof` against the account's factor and, when it is right, spends it.
    func spendSecondFactor(of user: UUID, _ proof: SecondFactorProof) async throws -> SecondFactorCheck {
        guard let row = try await sql.select().columns("secret", "last_step").from("totp_factors")
            .where("user_id", .equal, user).where("confirmed_at", .isNot, SQLLiteral.null).first()
        else { return .off }
        if let code = proof.totp {
            guard let secret = Base32.decode(try row.decode(column: "secret", as: String.self)),
                  let step = TOTP.matchingStep(of: code, secret: secret, time: Int64(now.timeIntervalSince1970),
                                               after: try row.decode(column: "last_step", as: Int64?.self))
            else { return .wrong }
            let spent = try await sql.raw("""
                UPDATE totp_factors SET last_step = \(bind: step)
                WHERE user_id = \(bind: user) AND (last_step IS NULL OR last_step < \(bind: step)) RETURNING user_id
                """).all()
            return spent.isEmpty ? .wrong : .passed
        }
        if let typed = proof.recoveryCode {
            guard let hash = RecoveryCodeText.hash(of: typed) else { return .wrong }
            let spent = try await sql.raw("""
                DELETE FROM totp_recovery_codes WHERE user_id = \(bind: user) AND code_hash = \(bind: hash) RETURNING code_hash
                """).all()
            return spent.isEmpty ? .wrong : .passed
        }
        return .missing
    }
}
