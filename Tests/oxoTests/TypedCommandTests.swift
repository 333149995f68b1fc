import OXOProtocol
import Testing
import TicTacToe
@testable import oxo

/// What `oxo online` makes of a typed line, for the boards and the paces.
@Suite("oxo online's typed commands")
struct TypedCommandTests {
    @Test func theOldCommandsMeanWhatTheyMeant() {
        #expect(TypedCommand("new") == .newGame(.x, nil))
        #expect(TypedCommand("new o") == .newGame(.o, nil))
        #expect(TypedCommand("random") == .random(nil, nil))
        #expect(TypedCommand("random 3+2") == .random(.clock(minutes: 3, increment: 2), nil))
        #expect(TypedCommand("challenge bob o") == .challenge("bob", GameChoice(side: .o)))
        #expect(TypedCommand("b2") == .play("b2"))
        #expect(TypedCommand("5") == .play("5"))
    }

    @Test func aBoardAndAPaceComeInAnyOrder() {
        #expect(TypedCommand("new x gomoku") == .newGame(.x, .gomoku))
        #expect(TypedCommand("n ultimate o") == .newGame(.o, .ultimate))
        #expect(TypedCommand("random gomoku 3+2") == .random(.clock(minutes: 3, increment: 2), .gomoku))
        #expect(TypedCommand("random 3d four") == .random(.correspondence(days: 3), .fourInARow))
        #expect(TypedCommand("challenge bob four 3+2 o")
            == .challenge("bob", GameChoice(side: .o, variant: .fourInARow, timeControl: .clock(minutes: 3, increment: 2))))
        #expect(TypedCommand("o15") == .play("o15"), "a Gomoku cell, read on the board in view")
    }

    @Test func wordsThatChooseNothingAreNoCommand() {
        #expect(TypedCommand("new x chess") == nil)
        #expect(TypedCommand("new x o") == nil)
        #expect(TypedCommand("new x 3+2") == nil, "a new game has no clock here")
        #expect(TypedCommand("random o") == nil)
        #expect(TypedCommand("random gomoku four") == nil)
        #expect(TypedCommand("0") == nil)
    }

    @Test func everyHelpLineFitsEightyColumns() {
        let lines = TypedCommand.lobbyHelp + Variant.allCases.flatMap(TypedCommand.gameHelp(on:))
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        #expect(TypedCommand.gameHelp(on: .classic)[0].hasPrefix("a cell (b2 or 4) · "))
        #expect(TypedCommand.gameHelp(on: .gomoku)[0].hasPrefix("a cell (h8) · "))
    }
}
