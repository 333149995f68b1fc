import Foundation
import OXOProtocol
import TicTacToe

/// The tournaments' decisions, pure over what is stored: what may be created, who sees and
/// joins what, and the standings (by the engine in `Pairing/`).
enum TournamentRules {
    static let arenaMinutes = 20...120
    static let swissRounds = 3...11
    static let roundIntervalMinutes = 1...10_080
    static let nameLength = 1...60
    /// How far ahead a tournament may be scheduled.
    static let furthestStart: TimeInterval = 30 * 24 * 3600

    /// The request checked, its name trimmed; throws the first thing wrong with it.
    static func check(_ body: CreateTournamentRequest, now: Date) throws(APIError) -> CreateTournamentRequest {
        var body = body
        body.name = body.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard nameLength.contains(body.name.count) else {
            throw APIError(.invalidRequest, "'name' has 1 to 60 characters.")
        }
        guard body.startsAt > now else { throw APIError(.invalidRequest, "'starts_at' is in the future.") }
        guard body.startsAt <= now.addingTimeInterval(furthestStart) else {
            throw APIError(.invalidRequest, "'starts_at' is at most 30 days ahead.")
        }
        switch body.kind {
        case .arena:
            guard let minutes = body.durationMinutes, arenaMinutes.contains(minutes) else {
                throw APIError(.invalidRequest, "An arena's 'duration_minutes' is from 20 to 120.")
            }
            guard body.rounds == nil, body.roundIntervalMinutes == nil else {
                throw APIError(.invalidRequest, "An arena has no 'rounds' nor 'round_interval_minutes'.")
            }
            guard body.timeControl.kind == .clock else {
                throw APIError(.invalidTimeControl, "An arena is played with a clock.")
            }
        case .swiss:
            guard let rounds = body.rounds, swissRounds.contains(rounds) else {
                throw APIError(.invalidRequest, "A Swiss event's 'rounds' is from 3 to 11.")
            }
            guard body.durationMinutes == nil else { throw APIError(.invalidRequest, "A Swiss event has no 'duration_minutes'.") }
            if let interval = body.roundIntervalMinutes, !roundIntervalMinutes.contains(interval) {
                throw APIError(.invalidRequest, "'round_interval_minutes' is from 1 to 10080.")
            }
            guard body.timeControl.kind != .casual else {
                throw APIError(.invalidTimeControl, "A Swiss event is played with a clock or by correspondence.")
            }
        }
        body.timeControl = try GameRules.timeControl(body.timeControl, for: .online)
        return body
    }

    /// Whether `viewer` may see the tournament: anyone a public one; a private one its
    /// creator, its players, those invited, and whoever gives its code.
    static func visible(_ row: TournamentRow, to viewer: UUID, joined: Bool, invited: Bool, code: String?) -> Bool {
        !row.isPrivate || row.creatorId == viewer || joined || invited || matches(code, row.code)
    }

    static func matches(_ given: String?, _ code: String?) -> Bool {
        guard let given, let code else { return false }
        return given.trimmingCharacters(in: .whitespaces).uppercased() == code
    }

    /// Whether a player may join now: before the end, and a Swiss event only before its start.
    static func requireOpen(_ row: TournamentRow) throws(APIError) {
        switch row.state {
        case .finished, .cancelled: throw APIError(.tournamentClosed, "This tournament has finished or was cancelled.")
        case .running where row.kind == .swiss:
            throw APIError(.tournamentClosed, "A Swiss event takes players until its first round starts.")
        case .scheduled, .running: return
        }
    }

    /// The rules in words, as the tournament's page shows them.
    static func text(for row: TournamentRow) -> String {
        switch row.kind {
        case .arena:
            """
            Arena: play as many games as you can until the end. Whoever is free is paired again within seconds, \
            with a free player near in points (then rating), never the same opponent twice in a row while another \
            is free. A win is worth 2 points, a draw 1, a loss 0. After two wins in a row you are on a streak: \
            the third win in a row and every win after it are worth 4, and a draw on a streak is worth 2; a draw \
            or a loss ends the streak. Nothing new is paired after the end; a game started before it counts when \
            it finishes. Leaving keeps your points. Ties are broken by performance (the opponents' average rating, \
            400 more for each win and 400 less for each loss).
            """
        case .swiss:
            """
            Swiss, \(row.rounds ?? 0) rounds: each round pairs players with equal or near scores who have not met. \
            A win is worth 1 point, a draw ½, a loss 0. In an odd field the lowest-ranked player who has not had \
            one gets a bye worth a win (at most once each). A round starts when every game of the last one has \
            ended\(row.roundInterval.map { ", and no sooner than \($0) minutes after the last round started" } ?? ""). \
            A player not connected when a round of a clocked event starts loses that game without playing it, \
            and is withdrawn at a second missed start. Ties are broken by Buchholz (the sum of the opponents' \
            points), then Sonneborn–Berger (the points of each opponent beaten, and half of each drawn with), \
            then rating.
            """
        }
    }

    /// A line of the standings before the players' names are added.
    struct Line {
        var rank: Int
        var player: UUID
        var points: Double
        var games = 0, wins = 0, draws = 0, losses = 0
        var streak: Int?
        var buchholz: Double?
        var sonnebornBerger: Double?
        var withdrawn: Bool
    }

    static func standings(of row: TournamentRow, players: [TournamentPlayerRow], games: [TournamentGameRow]) -> [Line] {
        var lines: [Line]
        switch row.kind {
        case .arena:
            let ratings = Dictionary(players.map { ($0.userId, $0.rating) }, uniquingKeysWith: { a, _ in a })
            let finished = games.filter { $0.finishOrder != nil && $0.oId != nil }.sorted { $0.finishOrder! < $1.finishOrder! }
            let played = finished.compactMap { game -> ArenaGame? in
                guard let o = game.oId, let result = arenaResult(game.result) else { return nil }
                return ArenaGame(x: game.xId, o: o, xRating: ratings[game.xId] ?? 1500, oRating: ratings[o] ?? 1500, result: result)
            }
            let table = ArenaStandings.standings(
                players: players.map { ArenaPlayer(id: $0.userId, rating: $0.rating, withdrawn: $0.withdrawn) }, games: played)
            var outcomesOf: [UUID: [ArenaScoring.Outcome]] = [:]
            for game in played {
                for player in [game.x, game.o] { outcomesOf[player, default: []].append(game.outcome(for: player)!) }
            }
            lines = table.map { line in
                let outcomes = outcomesOf[line.player] ?? []
                return Line(rank: line.place, player: line.player, points: Double(line.points), games: outcomes.count,
                            wins: outcomes.count { $0 == .win }, draws: outcomes.count { $0 == .draw },
                            losses: outcomes.count { $0 == .loss },
                            streak: outcomes.reversed().prefix { $0 == .win }.count, withdrawn: line.withdrawn)
            }
        case .swiss:
            let swissPlayers = players.map { SwissPlayer(id: $0.userId, rating: $0.rating, withdrawn: $0.withdrawn) }
            let rounds = swissRounds(games)
            let history = SwissHistory(rounds: rounds)
            lines = SwissStandings.standings(players: swissPlayers, rounds: rounds).map { line in
                let entries = history.rounds(of: line.player).compactMap(\.points)
                return Line(rank: line.place, player: line.player, points: line.points, games: entries.count,
                            wins: entries.count { $0 == SwissHistory.win }, draws: entries.count { $0 == SwissHistory.draw },
                            losses: entries.count { $0 == SwissHistory.loss }, buchholz: line.buchholz,
                            sonnebornBerger: line.sonnebornBerger, withdrawn: line.withdrawn)
            }
        }
        return lines
    }

    static func arenaResult(_ stored: String?) -> ArenaGame.Result? {
        switch stored.flatMap(TournamentResult.init(rawValue:)) {
        case .x?: .xWon
        case .o?: .oWon
        case .draw?: .draw
        default: nil
        }
    }

    static func swissResult(_ stored: String?) -> SwissGame.Result? {
        switch stored.flatMap(TournamentResult.init(rawValue:)) {
        case .x?: .xWon
        case .o?: .oWon
        case .draw?: .draw
        case .xMissed?: .xMissedStart
        case .oMissed?: .oMissedStart
        case .bothMissed?: .bothMissedStart
        case nil: nil
        }
    }

    static func stored(_ result: SwissGame.Result) -> TournamentResult {
        switch result {
        case .xWon: .x
        case .oWon: .o
        case .draw: .draw
        case .xMissedStart: .xMissed
        case .oMissedStart: .oMissed
        case .bothMissedStart: .bothMissed
        }
    }

    /// The rounds played so far, as the engine reads them.
    static func swissRounds(_ games: [TournamentGameRow]) -> [SwissRound] {
        let byRound = Dictionary(grouping: games, by: \.round)
        guard let last = byRound.keys.max() else { return [] }
        return (1...max(last, 1)).map { number in
            var round = SwissRound(games: [], bye: nil)
            for game in byRound[number] ?? [] {
                if let o = game.oId {
                    round.games.append(SwissGame(x: game.xId, o: o, result: swissResult(game.result)))
                } else {
                    round.bye = game.xId
                }
            }
            return round
        }
    }

    /// The result a finished game gives the tournament.
    static func result(of view: GameView) -> TournamentResult {
        switch view.result?.winner {
        case .x?: .x
        case .o?: .o
        case nil: .draw
        }
    }

    /// An arena's next wave: the `free` players (online, in no game) paired by their points
    /// in the standings, their ratings, last opponents and sides so far (`ArenaPairing`).
    static func arenaWave(of row: TournamentRow, players: [TournamentPlayerRow], games: [TournamentGameRow],
                          free: [TournamentPlayerRow]) -> ArenaPairing.Wave {
        let points = Dictionary(standings(of: row, players: players, games: games).map { ($0.player, Int($0.points)) },
                                uniquingKeysWith: { a, _ in a })
        return ArenaPairing.pair(free.map {
            ArenaPairing.Candidate(id: $0.userId, points: points[$0.userId] ?? 0, rating: $0.rating, lastOpponent: $0.lastOpponent,
                                   colourBalance: $0.colourBalance)
        })
    }
}
