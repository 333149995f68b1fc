extension Words {
    static let english = Words(
        language: .en,
        yourTurn: Push(title: { _ in "Your turn" }, body: { "\($0) moved: it is your turn." }),
        timeRunningOut: Push(title: { _ in "Time is running out" },
                             body: { "A quarter of your time to move against \($0) is left." }),
        challengeReceived: Push(title: { _ in "A challenge" }, body: { "\($0) challenges you to a game." }),
        friendRequest: Push(title: { _ in "Friend request" }, body: { "\($0) asks to be your friend." }),
        message: Push(title: { "A message from \($0)" }, body: { "\($0) sent you a message." }),
        tournamentInvitation: Push(title: { _ in "A tournament" }, body: { "\($0) invites you to a tournament." }),
        tournamentGame: Push(title: { _ in "Your tournament game" }, body: { "Your game against \($0) has begun." }),

        greeting: { "Hello \($0)," },
        greetingWithoutName: "Hello,",
        passwordReset: Letter(
            subject: "Reset your OXO password",
            beforeLink: "Someone, we hope you, asked to set a new password for your OXO account. Open this link within 30 minutes to choose one:",
            afterLink: [
                "It works once. Setting a new password signs you out everywhere else.",
                "If you did not ask, ignore this mail: your password stays as it is.",
            ]),
        emailVerification: Letter(
            subject: "Confirm your address for OXO",
            beforeLink: "Please confirm that this is your address for your OXO account by opening this link within two days:",
            afterLink: [
                "Once it is confirmed, this address can get you back into your account if you forget your password.",
                "If you did not make an OXO account, ignore this mail.",
            ]),
        addressInUse: Letter(
            subject: "Someone registered with your address on OXO",
            beforeLink: "Someone, perhaps you, registered a new OXO account with this address, which your account already has. If you forgot your password, set a new one here:",
            afterLink: [
                "The new account does not get your address, and no mail about your account goes to it.",
                "If it was not you, nothing is needed.",
            ]),
        signature: "OXO")
}
