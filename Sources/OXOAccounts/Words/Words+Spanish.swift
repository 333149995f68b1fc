extension Words {
    /// Spanish as written for everyone who speaks it, Spain and the Americas alike: `tú`,
    /// and no word only one side uses.
    static let spanish = Words(
        language: .es,
        yourTurn: Push(title: { _ in "Te toca" }, body: { "\($0) ha jugado: es tu turno." }),
        timeRunningOut: Push(title: { _ in "Se te acaba el tiempo" },
                             body: { "Solo te queda una cuarta parte de tu tiempo para jugar contra \($0)." }),
        challengeReceived: Push(title: { _ in "Un desafío" }, body: { "\($0) te desafía a una partida." }),
        friendRequest: Push(title: { _ in "Solicitud de amistad" }, body: { "\($0) te ha enviado una solicitud de amistad." }),
        message: Push(title: { "Un mensaje de \($0)" }, body: { "\($0) te ha enviado un mensaje." }),
        tournamentInvitation: Push(title: { _ in "Un torneo" }, body: { "\($0) te invita a un torneo." }),
        tournamentGame: Push(title: { _ in "Tu partida del torneo" }, body: { "Tu partida contra \($0) ha empezado." }),

        greeting: { "Hola, \($0):" },
        greetingWithoutName: "Hola:",
        passwordReset: Letter(
            subject: "Restablece tu contraseña de OXO",
            beforeLink: "Alguien (esperamos que tú) ha pedido una contraseña nueva para tu cuenta de OXO. Abre este enlace en los próximos 30 minutos para elegirla:",
            afterLink: [
                "El enlace solo funciona una vez. Al cambiar la contraseña se cerrará tu sesión en todos los demás dispositivos.",
                "Si no lo has pedido tú, ignora este correo: tu contraseña seguirá siendo la misma.",
            ]),
        emailVerification: Letter(
            subject: "Confirma tu dirección de correo en OXO",
            beforeLink: "Confirma que esta es la dirección de tu cuenta de OXO abriendo este enlace en los próximos dos días:",
            afterLink: [
                "Una vez confirmada, podrás usar esta dirección para recuperar tu cuenta si olvidas la contraseña.",
                "Si no has creado ninguna cuenta en OXO, ignora este correo.",
            ]),
        addressInUse: Letter(
            subject: "Alguien se ha registrado en OXO con tu dirección",
            beforeLink: "Alguien, quizá tú, ha creado una cuenta nueva en OXO con esta dirección, que ya es la de tu cuenta. Si has olvidado tu contraseña, elige una nueva aquí:",
            afterLink: [
                "La cuenta nueva no se queda con tu dirección, y no recibirá ningún correo sobre tu cuenta.",
                "Si no has sido tú, no tienes que hacer nada.",
            ]),
        signature: "OXO")
}
