import ArgumentParser

@main
struct OXOCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "oxo",
        abstract: "OXO, online Tic-Tac-Toe: run the server, play in the terminal (on one keyboard or online), run a computer player online, replay a finished game, measure the server, moderate it or look after its data.",
        subcommands: [ServeCommand.self, PlayCommand.self, OnlineCommand.self, BotCommand.self, ReplayCommand.self, BenchCommand.self,
                      AdminCommand.self]
    )
}
