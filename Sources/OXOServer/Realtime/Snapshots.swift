import Fluent
import SQLKit
import OXOProtocol

/// The whole state of a topic, for a client that has no events to resume from.
struct Snapshots {
    let database: any SQLDatabase

    func snapshot(of topic: Topic) async throws -> TopicSnapshot {
        let queries = GameQueries(database: database)
        let views = GameViews(database: database)
        switch topic {
        case .game(let id):
            return .game(try await views.view(of: queries.row(id)))
        case .lobby:
            let open = try await queries.page(.open, cursor: nil, limit: 50).rows
            let live = try await queries.page(.live, cursor: nil, limit: 50).rows
            return .lobby(open: try await views.views(of: open), live: try await views.views(of: live))
        case .user(let id):
            let games = try await queries.page(.unfinished(id), cursor: nil, limit: 50).rows
            return .inbox(games: try await views.views(of: games),
                          challenges: try await ChallengeQueries(database: database).pending(for: id.rawValue))
        case .presence:
            return .presence(online: try await PresenceQueries(database: database).online())
        }
    }
}
