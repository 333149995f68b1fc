import Foundation
import OXOCore
import OXOProtocol
import SQLKit

/// Where a password is asked (signing in, changing the password, deleting the account,
/// turning two-step sign-in off), the second factor is asked too, once the password was
/// right. Wrong codes are counted per account, whatever the address, so that someone who
/// has the password cannot try a million codes from a million addresses.
struct SecondFactorGate {
    let store: Store

    /// Spends `proof` if the account has two-step sign-in on, and runs `action` in the same
    /// change when it was right. Returns whether it was on; throws `second_factor_required`
    /// when it is on and no proof came, and `wrong` when the proof was wrong or spent.
    @discardableResult
    func require(_ proof: SecondFactorProof, of user: UUID, refusing wrong: APIError,
                 then action: (@Sendable (Change) async throws -> Void)? = nil) async throws -> Bool {
        // Most accounts have it off and most requests carry no code: a read, not a change.
        if proof.totp == nil, proof.recoveryCode == nil {
            guard try await Self.isOn(for: user, on: store.sql) else { return false }
            throw Self.required
        }
        let failures = store.context[SecondFactorFailures.self]
        try failures.checkRoom(for: user.uuidString)
        let check = try await store.change { change in
            let check = try await change.twoStep.spendSecondFactor(of: user, proof)
            if case .passed = check, let action { try await action(change) }
            return check
        }
        switch check {
        case .off: return false
        case .passed: return true
        case .missing: throw Self.required
        case .wrong:
            try failures.record(user.uuidString)
            throw wrong
        }
    }

    /// Whether the account has two-step sign-in on (an enrolment not yet confirmed is not).
    static func isOn(for user: UUID, on sql: any SQLDatabase) async throws -> Bool {
        try await sql.select().column("user_id").from("totp_factors")
            .where("user_id", .equal, user).where("confirmed_at", .isNot, SQLLiteral.null).first() != nil
    }

    static let required = APIError(
        .secondFactorRequired,
        "This account uses two-step sign-in: send the code from the authenticator app as 'totp', or a recovery code as 'recovery_code'.")
    static let invalid = APIError(.invalidSecondFactor, "That code is wrong, used already or out of date.")
}
