import OXOCore

extension AddColumns {
    /// The tournament a notification tells of (`tournament_invitation`); null for every other
    /// kind, so no notification from before needs rewriting.
    package static let notificationTournaments = AddColumns(
        "OXOSocial.AddNotificationTournaments", TableColumns("notifications", [("tournament_id", .uuid)]))
}
