import Fluent
import OXOAccounts
import OXOPlay
import OXOProtocol
import OXOSocial
import SQLKit

/// The whole state of a topic, for a client that has no events to resume from, as
/// `viewer` sees it: the lobby and the online list leave out the players hidden from
/// them by a block, and the lobby's open games of the viewer's friends come first.
struct Snapshots {
    let database: any SQLDatabase

    func snapshot(of topic: Topic, for viewer: UserID) async throws -> TopicSnapshot {
        let queries = database.reads.games
        let views = GameViews(database: database)
        let hiding = { (column: String) in Blocks.hidden(from: viewer.rawValue, column) }
        switch topic {
        case .game(let id):
            return try await snapshot(of: queries.row(id))
        case .lobby:
            let open = try await queries.page(.open, cursor: nil, limit: 50, hiding: hiding).rows
            let live = try await queries.page(.live, cursor: nil, limit: 50, hiding: hiding).rows
            let friends = Set(try await database.reads.friends.friendIDs(of: viewer.rawValue))
            // A stable partition: friends' games first, each part still newest first.
            let ordered = open.filter { friends.contains($0.creatorId) } + open.filter { !friends.contains($0.creatorId) }
            return .lobby(open: try await views.views(of: ordered), live: try await views.views(of: live))
        case .user(let id):
            let games = try await queries.page(.unfinished(id), cursor: nil, limit: 50).rows
            return .inbox(games: try await views.views(of: games),
                          challenges: try await database.reads.challenges.pending(for: id.rawValue))
        case .presence:
            return .presence(online: try await database.reads.presence.online(hiding: hiding))
        case .chat(let room):
            return .chat(messages: try await database.reads.chat.page(of: room, before: nil).messages)
        case .tournament(let id):
            return .tournament(try await database.reads.tournaments.visibleView(id, to: viewer.rawValue))
        }
    }

    /// A game's topic, from its row when the caller has read it already, and its moves
    /// `kept` in memory when they are all of them.
    func snapshot(of game: GameRow, kept: LiveGameMoves? = nil) async throws -> TopicSnapshot {
        .game(try await database.reads.games.game(game, kept: kept).view)
    }
}
