import Foundation

/// `GET /v1/me/totp`: whether two-step sign-in is on, and how many recovery codes are left.
public struct TOTPStatus: Codable, Hashable, Sendable {
    public let enabled: Bool
    /// Unused recovery codes; 0 while two-step sign-in is off.
    public let recoveryCodesLeft: Int

    public init(enabled: Bool, recoveryCodesLeft: Int) {
        self.enabled = enabled
        self.recoveryCodesLeft = recoveryCodesLeft
    }
}

/// `POST /v1/me/totp`: the password, asked again before the account's sign-in changes.
public struct StartTOTPRequest: Codable, Hashable, Sendable {
    public var password: String

    public init(password: String) { self.password = password }
}

/// The answer to `POST /v1/me/totp`: the new secret, for an authenticator app. Two-step
/// sign-in is not on until a code made from it is confirmed (`POST /v1/me/totp/confirm`).
public struct TOTPEnrolment: Codable, Hashable, Sendable {
    /// The 20-byte secret in base32 (RFC 4648, no padding), for typing into an app.
    public let secret: String
    /// `otpauth://totp/OXO:<username>?secret=…&issuer=OXO`, for a QR code or a link.
    public let uri: String

    public init(secret: String, uri: String) {
        self.secret = secret
        self.uri = uri
    }
}

/// `POST /v1/me/totp/confirm`: a code made from the new secret, which turns two-step sign-in on.
public struct ConfirmTOTPRequest: Codable, Hashable, Sendable {
    public var totp: String

    public init(totp: String) { self.totp = totp }
}

/// The second factor a request proves itself with: a six-digit code from the
/// authenticator app, or one of the account's recovery codes. Each is good once. The body
/// of `POST /v1/me/totp/recovery-codes`.
public struct SecondFactorProof: Codable, Hashable, Sendable {
    public var totp: String?
    public var recoveryCode: String?

    public init(totp: String? = nil, recoveryCode: String? = nil) {
        self.totp = totp
        self.recoveryCode = recoveryCode
    }
}

/// `DELETE /v1/me/totp`: turning two-step sign-in off takes the password and a second factor.
public struct StopTOTPRequest: Codable, Hashable, Sendable {
    public var password: String
    public var totp: String?
    public var recoveryCode: String?

    public init(password: String, totp: String? = nil, recoveryCode: String? = nil) {
        self.password = password
        self.totp = totp
        self.recoveryCode = recoveryCode
    }
}

/// Ten recovery codes, each good once in place of a code from the app. Shown only in this
/// answer: the server keeps their hashes.
public struct RecoveryCodes: Codable, Hashable, Sendable {
    public let codes: [String]

    public init(codes: [String]) { self.codes = codes }
}
