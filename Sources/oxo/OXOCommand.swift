import ArgumentParser

@main
struct OXOCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "oxo",
        abstract: "OXO, online Tic-Tac-Toe: run the server or play in the terminal.",
        subcommands: [ServeCommand.self, PlayCommand.self]
    )
}
