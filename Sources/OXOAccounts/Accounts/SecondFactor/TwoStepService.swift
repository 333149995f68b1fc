import Foundation
import OXOCore
import OXOProtocol
import SQLKit
import Vapor

/// Enrolling in two-step sign-in, turning it off, and new recovery codes.
struct TwoStepService {
    let store: Store
    let accounts: AccountService

    init(_ request: Request) {
        store = request.store
        accounts = AccountService(request)
    }

    private var gate: SecondFactorGate { SecondFactorGate(store: store) }
    private var now: Int64 { Int64(store.context.clock.now.timeIntervalSince1970) }

    func status(of user: AuthenticatedUser) async throws -> TOTPStatus {
        let on = try await SecondFactorGate.isOn(for: user.id.rawValue, on: store.sql)
        let left = try await store.sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "left")
            .from("totp_recovery_codes").where("user_id", .equal, user.id.rawValue).first()?
            .decode(column: "left", as: Int.self) ?? 0
        return TOTPStatus(enabled: on, recoveryCodesLeft: on ? left : 0)
    }

    /// A new secret, once the password was given again: a device left signed in must not be
    /// enough to put a factor on the account that its owner does not have. A guest has no
    /// password of its own to protect.
    func start(_ user: AuthenticatedUser, _ body: StartTOTPRequest) async throws -> TOTPEnrolment {
        guard let record = try await store.database.sql.reads.accounts.user(user.id.rawValue) else {
            throw APIError(.unauthorized, "This account no longer exists.")
        }
        guard !AccountRules.isGuest(email: record.email) else {
            throw APIError(.forbidden, "A guest's account has no password to add a second step to; register first.")
        }
        try await accounts.confirm(user, password: body.password)
        let secret = TOTP.makeSecret()
        let text = Base32.encode(secret)
        guard try await store.change({ try await $0.twoStep.startTOTP(of: user.id.rawValue, secret: text) }) else {
            throw APIError(.secondFactorEnabled, "Two-step sign-in is on already; turn it off first to enrol again.")
        }
        return TOTPEnrolment(secret: text, uri: TOTP.uri(secret: secret, username: record.username))
    }

    /// The first code made from the new secret turns two-step sign-in on; the answer holds
    /// the recovery codes, which are never shown again.
    func confirm(_ user: AuthenticatedUser, _ body: ConfirmTOTPRequest) async throws -> RecoveryCodes {
        let failures = store.context[SecondFactorFailures.self]
        try failures.checkRoom(for: user.id.rawValue.uuidString)
        guard let row = try await store.sql.select().columns("secret", "confirmed_at").from("totp_factors")
            .where("user_id", .equal, user.id.rawValue).first()
        else { throw Self.notEnrolling }
        guard try row.decode(column: "confirmed_at", as: Date?.self) == nil else {
            throw APIError(.secondFactorEnabled, "Two-step sign-in is on already.")
        }
        let text = try row.decode(column: "secret", as: String.self)
        guard let secret = Base32.decode(text), let step = TOTP.matchingStep(of: body.totp, secret: secret, time: now, after: nil) else {
            try failures.record(user.id.rawValue.uuidString)
            throw SecondFactorGate.invalid
        }
        let codes = (0..<RecoveryCodeText.count).map { _ in RecoveryCodeText.make() }
        let hashes = codes.compactMap(RecoveryCodeText.hash(of:))
        guard try await store.change({ try await $0.twoStep.confirmTOTP(of: user.id.rawValue, secret: text, step: step, recoveryCodes: hashes) }) else {
            // Another request started a new enrolment, or confirmed this one, meanwhile.
            throw SecondFactorGate.invalid
        }
        return RecoveryCodes(codes: codes)
    }

    /// Off, with the password and a second factor: both of what signing in asks.
    func stop(_ user: AuthenticatedUser, _ body: StopTOTPRequest) async throws {
        try await accounts.confirm(user, password: body.password)
        let proof = SecondFactorProof(totp: body.totp, recoveryCode: body.recoveryCode)
        let id = user.id.rawValue
        guard try await gate.require(proof, of: id, refusing: SecondFactorGate.invalid, then: { try await $0.twoStep.stopTOTP(of: id) }) else {
            throw Self.off
        }
    }

    /// Ten new recovery codes for a second factor; the earlier ones stop working.
    func regenerateRecoveryCodes(_ user: AuthenticatedUser, _ proof: SecondFactorProof) async throws -> RecoveryCodes {
        let codes = (0..<RecoveryCodeText.count).map { _ in RecoveryCodeText.make() }
        let hashes = codes.compactMap(RecoveryCodeText.hash(of:))
        let id = user.id.rawValue
        guard try await gate.require(proof, of: id, refusing: SecondFactorGate.invalid,
                                     then: { try await $0.twoStep.replaceRecoveryCodes(of: id, with: hashes) })
        else { throw Self.off }
        return RecoveryCodes(codes: codes)
    }

    static let off = APIError(.secondFactorNotEnabled, "Two-step sign-in is off for this account.")
    static let notEnrolling = APIError(.secondFactorNotEnabled, "No enrolment was started: ask for a secret first (POST /v1/me/totp).")
}
