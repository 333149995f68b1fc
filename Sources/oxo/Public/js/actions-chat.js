// The chat's actions (actions.js): conversations with a player, and the messages of any
// room (a game's players or watchers, a conversation).

export function createChatActions({ api, store }) {
  return {
    async conversations() {
      return api.conversations();
    },

    /** The conversation with a player, started when there is none. */
    async openConversation(userId) {
      return api.openConversation(userId);
    },

    async markConversationRead(id, seq) {
      return api.markConversationRead(id, seq);
    },

    /** Posts `text`, a photo `file`, or both to a chat room; the photo is uploaded first. */
    async sendMessage(room, { text, file }) {
      const uploaded = file ? await api.uploadChatPhoto(file) : null;
      const message = await api.sendMessage(room, { text, photo: uploaded?.photo });
      store.putMessages(room, [message]);
      return message;
    },

    /** The page of a room's messages before the oldest this page holds. */
    async olderMessages(room) {
      const first = store.state.chat.get(room)?.messages[0];
      const page = await api.chatHistory(room, first?.seq);
      store.putMessages(room, page.messages, page.before !== undefined && page.before !== null);
    },

    /** One's own message stays, as "This message was deleted." */
    async deleteMessage(room, id) {
      store.putMessages(room, [await api.deleteMessage(id)]);
    },

    async reportMessage(id) {
      return api.reportMessage(id, null);
    },
  };
}
