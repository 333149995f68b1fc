// The operations of one part of the API; `Operations.all` lists every part.

extension Operations {
    /// Register
    public static let register = APIOperation<RegisterRequest, SessionGrant>(.POST, "/v1/accounts", id: "register", access: .open)
    /// Play as a guest
    public static let playAsGuest = APIOperation<GuestRequest, SessionGrant>(.POST, "/v1/guests", id: "playAsGuest", access: .open)
    /// Sign in
    public static let signIn = APIOperation<LoginRequest, SessionGrant>(.POST, "/v1/sessions", id: "signIn", access: .open)
    /// My sessions
    public static let listSessions = APIOperation<NoBody, [SessionView]>(.GET, "/v1/sessions", id: "listSessions")
    /// Sign out everywhere else
    public static let endOtherSessions = APIOperation<NoBody, SessionsEnded>(.DELETE, "/v1/sessions", id: "endOtherSessions")
    /// Sign out
    public static let signOut = APIOperation<NoBody, NoContent>(.DELETE, "/v1/sessions/current", id: "signOut")
    /// Revoke one of my sessions
    public static let revokeSession = APIOperation<NoBody, NoContent>(.DELETE, "/v1/sessions/{sessionID}", id: "revokeSession")
    /// My account
    public static let getMe = APIOperation<NoBody, UserView>(.GET, "/v1/me", id: "getMe")
    /// Change my display name
    public static let updateMe = APIOperation<UpdateMeRequest, UserView>(.PATCH, "/v1/me", id: "updateMe")
    /// Delete my account
    public static let deleteAccount = APIOperation<DeleteAccountRequest, NoContent>(.DELETE, "/v1/me", id: "deleteAccount")
    /// Register a guest's account
    public static let registerGuest = APIOperation<RegisterRequest, UserView>(.POST, "/v1/me/registration", id: "registerGuest")
    /// Change the password
    public static let changePassword = APIOperation<ChangePasswordRequest, NoContent>(.PUT, "/v1/me/password", id: "changePassword")
    /// Ask for a password-reset mail
    public static let requestPasswordReset = APIOperation<PasswordResetRequest, NoContent>(.POST, "/v1/password-resets", id: "requestPasswordReset", access: .open)
    /// Set a new password with a mailed link
    public static let resetPassword = APIOperation<ResetPasswordRequest, NoContent>(.POST, "/v1/password-resets/redeem", id: "resetPassword", access: .open)
    /// Confirm an address with a mailed link
    public static let verifyEmail = APIOperation<VerifyEmailRequest, NoContent>(.POST, "/v1/email-verifications", id: "verifyEmail", access: .open)
    /// Mail a new verification link
    public static let mailEmailVerification = APIOperation<NoBody, NoContent>(.POST, "/v1/me/email-verification", id: "mailEmailVerification")
    /// Two-step sign-in: on or off
    public static let getTwoStep = APIOperation<NoBody, TOTPStatus>(.GET, "/v1/me/totp", id: "getTwoStep")
    /// Start enrolling in two-step sign-in
    public static let startTwoStep = APIOperation<StartTOTPRequest, TOTPEnrolment>(.POST, "/v1/me/totp", id: "startTwoStep")
    /// Turn two-step sign-in off
    public static let stopTwoStep = APIOperation<StopTOTPRequest, NoContent>(.DELETE, "/v1/me/totp", id: "stopTwoStep")
    /// Turn two-step sign-in on
    public static let confirmTwoStep = APIOperation<ConfirmTOTPRequest, RecoveryCodes>(.POST, "/v1/me/totp/confirm", id: "confirmTwoStep")
    /// New recovery codes
    public static let regenerateRecoveryCodes = APIOperation<SecondFactorProof, RecoveryCodes>(.POST, "/v1/me/totp/recovery-codes", id: "regenerateRecoveryCodes")
    /// A player
    public static let getUser = APIOperation<NoBody, PlayerSummary>(.GET, "/v1/users/{userID}", id: "getUser")
    /// Export everything about me
    public static let exportAccount = APIOperation<NoBody, AccountExport>(.GET, "/v1/me/export", id: "exportAccount")
    /// Make a personal access token
    public static let createAccessToken = APIOperation<CreateAccessTokenRequest, NewAccessToken>(.POST, "/v1/me/tokens", id: "createAccessToken")
    /// My personal access tokens
    public static let listAccessTokens = APIOperation<NoBody, AccessTokenList>(.GET, "/v1/me/tokens", id: "listAccessTokens")
    /// Revoke a personal access token
    public static let revokeAccessToken = APIOperation<NoBody, NoContent>(.DELETE, "/v1/me/tokens/{tokenID}", id: "revokeAccessToken")

    static let accounts: [OperationSpec] = [
        createAccessToken.spec, listAccessTokens.spec, revokeAccessToken.spec,
        register.spec, playAsGuest.spec, signIn.spec, listSessions.spec,
        endOtherSessions.spec, signOut.spec, revokeSession.spec, getMe.spec,
        updateMe.spec, deleteAccount.spec, registerGuest.spec, changePassword.spec,
        requestPasswordReset.spec, resetPassword.spec, verifyEmail.spec, mailEmailVerification.spec,
        getTwoStep.spec, startTwoStep.spec, stopTwoStep.spec, confirmTwoStep.spec,
        regenerateRecoveryCodes.spec, getUser.spec, exportAccount.spec,
    ]
}
