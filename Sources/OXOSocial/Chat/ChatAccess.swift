import Foundation
import OXOAccounts
import OXOPlay
import OXOProtocol
import SQLKit

/// Who may read and write each room, asked the same way by REST and the socket.
package struct ChatAccess {
    let database: any SQLDatabase

    package init(database: any SQLDatabase) {
        self.database = database
    }

    /// Throws the refusal when `user` may not read the room (or, with `writing`, write
    /// in it); returns the conversation of a conversation's room.
    @discardableResult
    package func check(_ room: ChatRoom, for user: UUID, writing: Bool, now: Date) async throws -> ConversationRow? {
        switch room {
        case .players(let game), .watchers(let game):
            let row = try await database.reads.games.row(game)
            let facts = ChatRules.Game(mode: row.mode, phase: row.phase, players: row.players,
                                       endedAt: row.phase == .finished ? row.updatedAt : nil, listed: row.listed)
            try ChatRules.check(room, of: facts, user: user, writing: writing, now: now)
            // Two players who blocked each other mid-game finish it, but say nothing more.
            if writing, case .players = room, let other = row.players.first(where: { $0 != user }) {
                try await Blocks.refuse(from: user, toward: other, on: database)
            }
            return nil
        case .conversation(let id):
            let conversation = try await database.reads.conversations.row(id, member: user)
            if writing { try await Blocks.refuse(from: user, toward: conversation.other(than: user), on: database) }
            return conversation
        }
    }
}
