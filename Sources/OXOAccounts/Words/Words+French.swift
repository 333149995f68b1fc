extension Words {
    /// French with `vous`, typographic apostrophes, and the no-break space French sets before
    /// a colon (`\u{00A0}`).
    static let french = Words(
        language: .fr,
        yourTurn: Push(title: { _ in "À vous de jouer" }, body: { "\($0) a joué\u{00A0}: c’est votre tour." }),
        timeRunningOut: Push(title: { _ in "Le temps presse" },
                             body: { "Il ne vous reste qu’un quart de votre temps pour jouer contre \($0)." }),
        challengeReceived: Push(title: { _ in "Un défi" }, body: { "\($0) vous lance un défi." }),
        friendRequest: Push(title: { _ in "Demande d’ami" }, body: { "\($0) vous a envoyé une demande d’ami." }),
        message: Push(title: { "Un message de \($0)" }, body: { "\($0) vous a envoyé un message." }),
        tournamentInvitation: Push(title: { _ in "Un tournoi" }, body: { "\($0) vous invite à un tournoi." }),
        tournamentGame: Push(title: { _ in "Votre partie de tournoi" }, body: { "Votre partie contre \($0) a commencé." }),

        greeting: { "Bonjour \($0)," },
        greetingWithoutName: "Bonjour,",
        passwordReset: Letter(
            subject: "Réinitialisez votre mot de passe OXO",
            beforeLink: "Quelqu’un (vous, nous l’espérons) a demandé un nouveau mot de passe pour votre compte OXO. Ouvrez ce lien dans les 30 minutes pour le choisir\u{00A0}:",
            afterLink: [
                "Ce lien ne fonctionne qu’une fois. Choisir un nouveau mot de passe vous déconnecte de tous vos autres appareils.",
                "Si vous n’avez rien demandé, ignorez ce message\u{00A0}: votre mot de passe reste le même.",
            ]),
        emailVerification: Letter(
            subject: "Confirmez votre adresse pour OXO",
            beforeLink: "Merci de confirmer qu’il s’agit bien de l’adresse de votre compte OXO en ouvrant ce lien dans les deux jours\u{00A0}:",
            afterLink: [
                "Une fois confirmée, cette adresse vous permettra de récupérer votre compte si vous oubliez votre mot de passe.",
                "Si vous n’avez pas créé de compte OXO, ignorez ce message.",
            ]),
        addressInUse: Letter(
            subject: "Quelqu’un s’est inscrit sur OXO avec votre adresse",
            beforeLink: "Quelqu’un, peut-être vous, a créé un nouveau compte OXO avec cette adresse, qui est déjà celle de votre compte. Si vous avez oublié votre mot de passe, choisissez-en un nouveau ici\u{00A0}:",
            afterLink: [
                "Le nouveau compte n’obtient pas votre adresse, et aucun message concernant votre compte ne lui sera envoyé.",
                "Si ce n’était pas vous, vous n’avez rien à faire.",
            ]),
        signature: "OXO")
}
