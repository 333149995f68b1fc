import Foundation

/// Everything the server holds about the signed-in user (`GET /v1/me/export`), as one
/// JSON document: no password hash and no token or token hash, which are the server's
/// own secrets, not the user's data.
public struct AccountExport: Codable, Hashable, Sendable {
    public let exportedAt: Date
    public let account: UserView
    public let sessions: [SessionView]
    /// Every game the user sat in, with its moves.
    public let games: [GameView]
    /// Every message the user sent, in games' rooms and conversations.
    public let messages: [ChatMessage]
    public let conversations: [Conversation]
    public let friends: FriendList
    public let following: [PlayerSummary]
    public let followers: [PlayerSummary]
    public let blocked: [PlayerSummary]
    public let notifications: [InboxNotification]
    public let rating: Rating
    public let record: PlayerRecord
    public let ratingHistory: [RatingPoint]
    /// The catalogue's games on the user's list.
    public let catalogueGames: [CatalogueGameSummary]
    /// Every photo the user uploaded, bytes and all.
    public let photos: [ExportedPhoto]

    public init(exportedAt: Date, account: UserView, sessions: [SessionView], games: [GameView], messages: [ChatMessage],
                conversations: [Conversation], friends: FriendList, following: [PlayerSummary], followers: [PlayerSummary],
                blocked: [PlayerSummary], notifications: [InboxNotification], rating: Rating, record: PlayerRecord,
                ratingHistory: [RatingPoint], catalogueGames: [CatalogueGameSummary], photos: [ExportedPhoto]) {
        self.exportedAt = exportedAt
        self.account = account
        self.sessions = sessions
        self.games = games
        self.messages = messages
        self.conversations = conversations
        self.friends = friends
        self.following = following
        self.followers = followers
        self.blocked = blocked
        self.notifications = notifications
        self.rating = rating
        self.record = record
        self.ratingHistory = ratingHistory
        self.catalogueGames = catalogueGames
        self.photos = photos
    }
}

/// A photo the user uploaded: its address, what it is, and its bytes in base64 (a photo is
/// at most 2 MB, and uploads are limited per hour, so an export stays a download).
public struct ExportedPhoto: Codable, Hashable, Sendable {
    public let url: String
    public let contentType: String
    public let width: Int
    public let height: Int
    public let uploadedAt: Date
    public let bytes: Data

    public init(url: String, contentType: String, width: Int, height: Int, uploadedAt: Date, bytes: Data) {
        self.url = url
        self.contentType = contentType
        self.width = width
        self.height = height
        self.uploadedAt = uploadedAt
        self.bytes = bytes
    }
}
