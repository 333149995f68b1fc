// The operations of one part of the API; `Operations.all` lists every part.

extension Operations {
    /// A game room's messages
    public static let gameChatHistory = APIOperation<NoBody, ChatPage>(.GET, "/v1/games/{gameID}/chat/{room}/messages", id: "gameChatHistory")
    /// Say something in a game room
    public static let sendGameChatMessage = APIOperation<SendMessageBody, ChatMessage>(.POST, "/v1/games/{gameID}/chat/{room}/messages", id: "sendGameChatMessage")
    /// My conversations
    public static let listConversations = APIOperation<NoBody, ConversationList>(.GET, "/v1/me/conversations", id: "listConversations")
    /// Open a conversation with a player
    public static let openConversation = APIOperation<NoBody, Conversation>(.POST, "/v1/users/{userID}/conversation", id: "openConversation")
    /// A conversation
    public static let getConversation = APIOperation<NoBody, Conversation>(.GET, "/v1/conversations/{conversationID}", id: "getConversation")
    /// A conversation's messages
    public static let conversationHistory = APIOperation<NoBody, ChatPage>(.GET, "/v1/conversations/{conversationID}/messages", id: "conversationHistory")
    /// Write to a conversation
    public static let sendDirectMessage = APIOperation<SendMessageBody, ChatMessage>(.POST, "/v1/conversations/{conversationID}/messages", id: "sendDirectMessage")
    /// Mark a conversation read
    public static let markConversationRead = APIOperation<MarkReadBody, ChatSeen>(.POST, "/v1/conversations/{conversationID}/read", id: "markConversationRead")
    /// Delete my message
    public static let deleteMessage = APIOperation<NoBody, ChatMessage>(.DELETE, "/v1/messages/{messageID}", id: "deleteMessage")
    /// Report a message
    public static let reportMessage = APIOperation<ReportBody, NoContent>(.POST, "/v1/messages/{messageID}/report", id: "reportMessage")
    /// Upload a photo for a message
    public static let uploadChatPhoto = APIOperation<FileUpload, ChatPhotoUpload>(.POST, "/v1/chat/photos", id: "uploadChatPhoto")

    static let chat: [OperationSpec] = [
        gameChatHistory.spec, sendGameChatMessage.spec, listConversations.spec, openConversation.spec,
        getConversation.spec, conversationHistory.spec, sendDirectMessage.spec, markConversationRead.spec,
        deleteMessage.spec, reportMessage.spec, uploadChatPhoto.spec,
    ]
}
