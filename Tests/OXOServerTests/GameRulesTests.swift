import Foundation
import OXOProtocol
import Testing
import TicTacToe
@testable import OXOCore
@testable import OXOAccounts
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer

/// The decisions about a game, each refusal with its code and message, without a server.
@Suite("Game rules decide before anything is written")
struct GameRulesTests {
    static let alice = UserID(rawValue: UUID()), bob = UserID(rawValue: UUID()), carol = UserID(rawValue: UUID())
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A game between Alice (X) and Bob (O) unless said otherwise, with `moves` played.
    static func game(_ phase: GamePhase = .live, mode: GameMode = .online, x: UserID? = alice, o: UserID? = bob,
                     moves: [Int] = [], away: (mark: Mark, claimableAt: Date)? = nil) throws -> StoredGame {
        let row = GameRow(
            id: UUID(), code: "K7QX3M", mode: mode, listed: true, level: mode == .computer ? .perfect : nil,
            xUserId: x?.rawValue, oUserId: o?.rawValue, creatorId: (x ?? o ?? alice).rawValue, phase: phase,
            moveCount: moves.count, winner: nil, resultReason: phase == .finished ? .resignation : nil,
            createdAt: start, updatedAt: start,
            xAwaySince: away?.mark == .x ? start : nil, oAwaySince: away?.mark == .o ? start : nil,
            xClaimableAt: away?.mark == .x ? away?.claimableAt : nil, oClaimableAt: away?.mark == .o ? away?.claimableAt : nil,
            rematchOffers: nil, rematchGameId: nil,
            xUsername: x.map { _ in "x" }, xDisplayName: x.map { _ in "X" }, oUsername: o.map { _ in "o" }, oDisplayName: o.map { _ in "O" },
            watchers: 0)
        let records = moves.enumerated().map { index, cell in
            MoveRow(gameId: row.id, number: index + 1, cell: cell, mark: index % 2 == 0 ? .x : .o, playedAt: start)
        }
        return try StoredGame(row: row, moves: records)
    }

    /// The code and message of the refusal `body` throws; nil when it decides without one.
    func refusal<T>(_ body: () throws -> T) -> (ErrorCode, String)? {
        do {
            _ = try body()
            return nil
        } catch let error as APIError {
            return (error.code, error.message)
        } catch {
            return (.internalError, "\(error)")
        }
    }

    @Test func aMoveIsRefusedForEachReasonInTurn() throws {
        let live = try Self.game(moves: [4])
        #expect(refusal { try GameRules.move(cell: 0, number: 2, by: Self.carol, in: live) }! == (.notAPlayer, "You are not playing in this game."))
        #expect(refusal { try GameRules.move(cell: 0, number: 1, by: Self.alice, in: try Self.game(.open, o: nil)) }!
            == (.waitingForOpponent, "The game starts when an opponent joins."))
        #expect(refusal { try GameRules.move(cell: 9, number: 2, by: Self.bob, in: live) }!
            == (.noSuchCell, "Cells are numbered 0 to 8; there is no cell 9."))
        #expect(refusal { try GameRules.move(cell: 0, number: 2, by: Self.bob, in: try Self.game(.finished, moves: [4])) }!
            == (.gameOver, "This game is over."))
        #expect(refusal { try GameRules.move(cell: 0, number: 3, by: Self.bob, in: live) }!
            == (.staleState, "Move 3 does not follow the game as it stands (next is 2)."))
        #expect(refusal { try GameRules.move(cell: 0, number: 2, by: Self.alice, in: live) }! == (.notYourTurn, "It is O's turn."))
        #expect(refusal { try GameRules.move(cell: 4, number: 2, by: Self.bob, in: live) }! == (.cellOccupied, "The centre cell is already taken."))
    }

    @Test func aStaleMoveCarriesTheGameAsItStands() throws {
        let live = try Self.game(moves: [4])
        do {
            _ = try GameRules.move(cell: 0, number: 5, by: Self.bob, in: live)
            Issue.record("a stale move was accepted")
        } catch {
            #expect(error.game == live.view)
        }
    }

    @Test func aMoveOnTurnIsPlayedAndARepeatedOneChangesNothing() throws {
        let live = try Self.game(moves: [4])
        #expect(try GameRules.move(cell: 0, number: 2, by: Self.bob, in: live) == .play(0, as: .o))
        #expect(try GameRules.move(cell: 4, number: 1, by: Self.alice, in: live) == .alreadyPlayed)
        #expect(refusal { try GameRules.move(cell: 4, number: 1, by: Self.bob, in: live) }?.0 == .staleState,
                "the same cell by the other side is no repeat")
        let finished = try Self.game(.finished, moves: [0, 3, 1, 4, 2])
        #expect(try GameRules.move(cell: 2, number: 5, by: Self.alice, in: finished) == .alreadyPlayed, "a repeat after the end too")
    }

    @Test func inPassAndPlayOnePersonPlaysBothSides() throws {
        let game = try Self.game(mode: .passAndPlay, x: Self.alice, o: Self.alice, moves: [4])
        #expect(try GameRules.move(cell: 0, number: 2, by: Self.alice, in: game) == .play(0, as: .o))
        #expect(try GameRules.resign(game, by: Self.alice) == .x, "the side to move resigns")
    }

    @Test func joiningTakesTheFreeSeatOnce() throws {
        #expect(try GameRules.join(try Self.game(.open, x: nil, o: Self.bob).row, by: Self.alice) == .x)
        #expect(try GameRules.join(try Self.game(.open, o: nil).row, by: Self.bob) == .o)
        #expect(refusal { try GameRules.join(try Self.game(.open, o: nil).row, by: Self.alice) }!
            == (.alreadySeated, "You are already seated in this game."))
        #expect(refusal { try GameRules.join(try Self.game().row, by: Self.carol) }! == (.seatTaken, "Both seats of this game are taken."))
    }

    @Test func resigningNeedsALiveGameOfYours() throws {
        #expect(try GameRules.resign(try Self.game(), by: Self.alice) == .o)
        #expect(try GameRules.resign(try Self.game(), by: Self.bob) == .x)
        #expect(refusal { try GameRules.resign(try Self.game(), by: Self.carol) }?.0 == .notAPlayer)
        #expect(refusal { try GameRules.resign(try Self.game(.open, o: nil), by: Self.alice) }?.0 == .waitingForOpponent)
        #expect(refusal { try GameRules.resign(try Self.game(.finished), by: Self.alice) }?.0 == .gameOver)
    }

    @Test func aWinIsClaimedOnlyOnceTheOpponentHasBeenAwayLongEnough() throws {
        let claimable = Self.start.addingTimeInterval(60)
        let away = try Self.game(away: (.o, claimable))
        #expect(try GameRules.claim(away.row, by: Self.alice, at: claimable) == .x)
        #expect(refusal { try GameRules.claim(away.row, by: Self.alice, at: claimable.addingTimeInterval(-1)) }?.0 == .claimTooEarly)
        #expect(refusal { try GameRules.claim(away.row, by: Self.bob, at: claimable) }!
            == (.opponentPresent, "Your opponent is still connected."), "the one who left cannot claim")
        #expect(refusal { try GameRules.claim(away.row, by: Self.carol, at: claimable) }?.0 == .notAPlayer)
        #expect(refusal { try GameRules.claim(try Self.game(.finished, away: (.o, claimable)).row, by: Self.alice, at: claimable) }?.0
            == .gameOver)
        #expect(refusal { try GameRules.claim(try Self.game(.open, o: nil).row, by: Self.alice, at: claimable) }?.0
            == .waitingForOpponent)
    }

    @Test func aRematchIsOfferedOnlyAfterAGameBetweenTwoPeople() throws {
        #expect(try GameRules.offerRematch(try Self.game(.finished).row, by: Self.bob) == .o)
        let unavailable = (ErrorCode.rematchUnavailable, "Only a finished game between two players can be played again.")
        #expect(refusal { try GameRules.offerRematch(try Self.game().row, by: Self.alice) }! == unavailable)
        #expect(refusal { try GameRules.offerRematch(try Self.game(.finished, mode: .computer, o: nil).row, by: Self.alice) }!
            == unavailable)
        #expect(refusal { try GameRules.offerRematch(try Self.game(.finished).row, by: Self.carol) }?.0 == .notAPlayer)
    }

    @Test func aHintIsForLearningNeverWhileTwoPeoplePlayEachOther() throws {
        let computer = try Self.game(mode: .computer, o: nil, moves: [4, 0])
        #expect(throws: Never.self) { try GameRules.hint(computer, for: Self.alice) }
        #expect(refusal { try GameRules.hint(computer, for: Self.carol) }!
            == (.notAPlayer, "Only the players of this game can ask for a hint."))
        #expect(refusal { try GameRules.hint(try Self.game(mode: .computer, o: nil, moves: [4]), for: Self.alice) }!
            == (.notYourTurn, "It is O's turn."))
        #expect(throws: Never.self) { try GameRules.hint(try Self.game(mode: .passAndPlay, o: Self.alice, moves: [4]), for: Self.alice) }

        #expect(refusal { try GameRules.hint(try Self.game(moves: [4]), for: Self.bob) }!
            == (.hintUnavailable, "Hints are for games against the computer, pass and play and finished games, not while two people play."))
        #expect(refusal { try GameRules.hint(try Self.game(.open, o: nil), for: Self.alice) }?.0 == .waitingForOpponent)

        let finished = try Self.game(.finished, moves: [4])
        #expect(throws: Never.self) { try GameRules.hint(finished, for: Self.alice) }
        #expect(throws: Never.self) { try GameRules.hint(finished, for: Self.bob) }
        #expect(refusal { try GameRules.hint(finished, for: Self.carol) }?.0 == .notAPlayer)
    }

    @Test func onlyTheCreatorMayCancelAGameAndOnlyWhileItWaits() throws {
        let open = try Self.game(.open, o: nil).row
        #expect(throws: Never.self) { try GameRules.cancel(open, by: Self.alice) }
        #expect(refusal { try GameRules.cancel(open, by: Self.bob) }!
            == (.notAPlayer, "Only the player who opened this game can cancel it."))
        #expect(refusal { try GameRules.cancel(try Self.game().row, by: Self.alice) }!
            == (.gameStarted, "The game has started; it can no longer be cancelled."))
        #expect(refusal { try GameRules.cancel(try Self.game().row, by: Self.bob) }?.0 == .notAPlayer)
        #expect(refusal { try GameRules.cancel(try Self.game(.finished).row, by: Self.alice) }?.0 == .gameOver)
    }

    @Test func anOccupiedCellIsNamedByWhereItIsOnTheBoard() throws {
        let names = (0..<9).map { GameRules.place(of: $0, in: .classic) }
        #expect(names == ["top-left", "top-centre", "top-right", "middle-left", "centre", "middle-right",
                          "bottom-left", "bottom-centre", "bottom-right"])
        #expect(refusal { try GameRules.move(cell: 3, number: 3, by: Self.alice, in: try Self.game(moves: [4, 3])) }!
            == (.cellOccupied, "The middle-left cell is already taken."))
    }
}
