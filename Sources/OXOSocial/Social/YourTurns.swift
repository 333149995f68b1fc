import Foundation
import OXOAccounts
import OXOCore
import OXOPlay
import OXOProtocol
import SQLKit

/// "Your turn" in the inbox, derived from the games rather than stored: one entry for each
/// live game in which it is the player's move, there until they move or the game ends. A
/// move's commit writes nothing for it. What is stored is only that the player read an
/// entry (`your_turns_read`, written when they mark it, not when anyone moves), so an entry
/// read stays read until the opponent's next move makes it news again.
///
/// An entry's id is its game's: the inbox names each game's turn once.
struct YourTurn {
    let entry: InboxNotification
    /// The moves played when the turn began: a mark at this count reads this turn.
    let moveCount: Int
}

extension NotificationQueries {
    /// `user`'s turns, newest first, unless they switched "your turn" off; none from a player
    /// hidden from them by a block.
    func yourTurns(of user: UUID) async throws -> [YourTurn] {
        guard try await !muted(of: user).contains(.yourTurn) else { return [] }
        let awaited = try await database.reads.games.awaitingMoves(of: user)
        guard !awaited.isEmpty else { return [] }
        let hidden = Set(try await Blocks.hiddenIDs(from: user, on: database))
        let read = try await turnsRead(of: user)
        return awaited.filter { !hidden.contains($0.opponent.id.rawValue) }.map { turn in
            YourTurn(entry: InboxNotification(
                id: NotificationID(rawValue: turn.game.rawValue), kind: .yourTurn, actor: turn.opponent, game: turn.game,
                challenge: nil, previousDisplayName: nil, read: (read[turn.game.rawValue] ?? 0) >= turn.moveCount,
                createdAt: turn.since), moveCount: turn.moveCount)
        }
    }

    /// The move count each of `user`'s turns was read at, by game.
    private func turnsRead(of user: UUID) async throws -> [UUID: Int] {
        let rows = try await database.select().columns("game_id", "through_move").from("your_turns_read")
            .where("user_id", .equal, user).all()
        return try Dictionary(rows.map { (try $0.decode(column: "game_id", as: UUID.self),
                                          try $0.decode(column: "through_move", as: Int.self)) }) { _, last in last }
    }
}

extension NotificationWrites {
    /// Marks `turns` read as they stand, and forgets the marks of `user`'s games that are no
    /// longer their turn (the next turn in such a game is news whatever was read before).
    func markRead(turns: [YourTurn], of user: UUID, tidy: Bool) async throws {
        for turn in turns where !turn.entry.read {
            guard let game = turn.entry.game else { continue }
            try await Self.turnRead.on(sql, user, game.rawValue, turn.moveCount, now).run()
        }
        guard tidy else { return }
        let current = turns.compactMap { $0.entry.game?.rawValue }
        var forget = sql.delete(from: "your_turns_read").where("user_id", .equal, user)
        if !current.isEmpty { forget = forget.where("game_id", .notIn, current) }
        try await forget.run()
    }

    /// Deletes the marks read before `cutoff`, with the notifications of that age.
    func deleteTurnsRead(before cutoff: Date) async throws -> Int {
        try await sql.delete(from: "your_turns_read").where("read_at", .lessThan, cutoff).returning("user_id").all().count
    }

    private static let turnRead = FixedStatement("""
        INSERT INTO your_turns_read (user_id, game_id, through_move, read_at) VALUES ($1, $2, $3, $4)
        ON CONFLICT (user_id, game_id) DO UPDATE SET through_move = excluded.through_move, read_at = excluded.read_at
        """)
}
