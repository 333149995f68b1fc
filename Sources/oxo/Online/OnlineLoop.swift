import Foundation
import OXOClient

/// Runs the terminal client until the player leaves: draws each new frame (the whole
/// screen, or in the line-by-line mode each changed screen printed below the last), and
/// hands what is typed to the app.
@available(macOS 14.0, *)
@MainActor
enum OnlineLoop {
    static func run(_ app: OnlineApp, colour: Bool) async {
        let renderer = BoardRenderer(usesColour: colour)
        let original = app.isPlain ? nil : Terminal.enterRawMode()
        if !app.isPlain {
            app.size = Terminal.size
            Terminal.write(Terminal.Escape.alternateScreen)
        }
        let helpers = [
            Task { await app.openStartedGames() },
            Task {
                var printed: [String] = []
                for await frame in changes(of: { app.frame(renderer: renderer) }) {
                    if !app.isPlain {
                        draw(frame, size: app.size)
                    } else if frame.lines + frame.footer != printed {
                        // A terminal that only scrolls gets a new screenful when something changed.
                        printed = frame.lines + frame.footer
                        Terminal.write("\n" + printed.joined(separator: "\n") + "\n" + frame.prompt)
                    }
                }
            },
            Task { for await _ in signals(SIGWINCH) { app.size = Terminal.size } },
            // Countdowns move on once a second while one is shown.
            Task {
                while !Task.isCancelled, !app.isPlain {
                    try? await Task.sleep(for: .seconds(1))
                    if app.game?.opponentAway != nil { app.now = Date() }
                }
            },
        ]
        if app.isPlain {
            for await line in Terminal.inputLines() {
                let typed = line.trimmingCharacters(in: .whitespaces)
                if !typed.isEmpty { await app.run(typed) }
                if app.isDone { break }
            }
        } else {
            var decoder = KeyDecoder()
            typing: for await bytes in Terminal.inputBytes() {
                for key in decoder.keys(from: bytes) {
                    await app.handle(key)
                    if app.isDone { break typing }
                }
            }
        }
        helpers.forEach { $0.cancel() }
        if let original {
            Terminal.write(Terminal.Escape.mainScreen)
            Terminal.restore(original)
        }
    }

    /// Writes the frame over the whole screen, line by line from the top, and leaves the
    /// cursor where the player types.
    private static func draw(_ frame: Frame, size: Terminal.Size) {
        let lines = frame.fitted(to: size)
        var text = Terminal.Escape.home
        text += lines.map { $0 + Terminal.Escape.clearToEndOfLine }.joined(separator: "\r\n")
        text += Terminal.Escape.clearBelow
        text += Terminal.Escape.moveTo(row: lines.count, column: Frame.visibleWidth(of: lines.last ?? "") + 1)
        Terminal.write(text)
    }
}
